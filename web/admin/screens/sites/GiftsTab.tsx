import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { type AdminGift, type GiftSlug, giftCreate, giftEdit } from '../../../../common/api/admin/sites';
import { Field } from '../../../components/FormField';
import { GiftIcon } from '../../../screens/chats/gifts/GiftIcon';
import { ApiError } from '../../api';
import { EmptyState } from '../../components/EmptyState';
import { ErrorAlert } from '../../components/ErrorAlert';
import { Loading } from '../../components/Loading';
import { useAdminGifts, useAdminSite, useCreateGift, useEditGift } from './api';
import { SETTING_FIELD, useSiteFieldMessage } from './fields';

/** A credits field where empty means "the site's gift_credits" (null). */
function CreditsInput(props: {
  id: string;
  value: number | null | undefined;
  onChange: (value: number | null) => void;
  onBlur: () => void;
  placeholder: string;
  form?: string;
  invalid: boolean;
  describedBy?: string;
  label?: string;
  disabled?: boolean;
}) {
  return (
    <input
      id={props.id}
      form={props.form}
      type="number"
      min={0}
      inputMode="numeric"
      className={`form-control form-control-sm sites-number ${props.invalid ? 'is-invalid' : ''}`}
      value={props.value ?? ''}
      placeholder={props.placeholder}
      disabled={props.disabled}
      aria-label={props.label}
      aria-invalid={props.invalid}
      aria-describedby={props.describedBy}
      onBlur={props.onBlur}
      onChange={(e) => props.onChange(e.target.value === '' ? null : Number(e.target.value))}
    />
  );
}

/**
 * The Gifts tab: the gift catalogue, the same on every site. A gift without a price of its own
 * costs each site's gift_credits (shown for the site picked). New gifts come from the gifts the
 * product has names and pictures for, so members see them named in every language.
 */
export function GiftsTab(props: { siteId: number; canEdit: boolean }) {
  const { t } = useTranslation('admin');
  const site = useAdminSite(props.siteId);
  const gifts = useAdminGifts();
  if (site.isPending || gifts.isPending) return <Loading />;
  if (site.isError) return <ErrorAlert error={site.error} onRetry={() => void site.refetch()} />;
  if (gifts.isError) return <ErrorAlert error={gifts.error} onRetry={() => void gifts.refetch()} />;
  const siteCredits = site.data.site.settings.gift_credits;
  return (
    <>
      <div className="sites-toolbar">
        <p className="sites-intro">
          {t('sites.gifts.intro', { site: site.data.site.settings.name, count: siteCredits })}
        </p>
      </div>
      {props.canEdit && gifts.data.addable.length > 0 && (
        <AddGift addable={gifts.data.addable} siteCredits={siteCredits} />
      )}
      {gifts.data.gifts.length === 0 ? (
        <EmptyState title={t('sites.gifts.empty')} />
      ) : (
        <div className="admin-table-wrap">
          <table className="table sites-gifts">
            <caption className="visually-hidden">{t('sites.gifts.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('sites.gifts.gift')}</th>
                <th scope="col">{t('sites.gifts.priceHere', { site: site.data.site.settings.name })}</th>
                <th scope="col">{t('sites.gifts.ownPrice')}</th>
                <th scope="col">{t('sites.gifts.onOffer')}</th>
                <th scope="col">{t('sites.packages.position')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('common.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {gifts.data.gifts.map((g) => (
                <GiftRow key={g.id} gift={g} siteCredits={siteCredits} canEdit={props.canEdit} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}

type EditInput = z.input<typeof giftEdit>;
type EditOutput = z.output<typeof giftEdit>;

/** One gift, edited in its row: the row's fields belong to a form in its last cell. */
function GiftRow(props: { gift: AdminGift; siteCredits: number; canEdit: boolean }) {
  const { t } = useTranslation('admin');
  const id = useId();
  const formId = `${id}-form`;
  const message = useSiteFieldMessage();
  const edit = useEditGift();
  const [saved, setSaved] = useState(false);
  const { gift } = props;
  const name = t(`gifts.${gift.slug}`, { ns: 'translation' });
  const form = useForm<EditInput, unknown, EditOutput>({
    resolver: zodResolver(giftEdit),
    defaultValues: { credits: gift.credits, active: gift.active, position: gift.position },
  });
  const { register, control, formState } = form;
  const errors = formState.errors;
  const submit = form.handleSubmit(async (values) => {
    setSaved(false);
    try {
      const answer = await edit.mutateAsync({ id: gift.id, edit: values });
      form.reset({
        credits: answer.gift.credits,
        active: answer.gift.active,
        position: answer.gift.position,
      });
      setSaved(true);
    } catch {
      // Shown under the row (edit.error).
    }
  });
  const error = errors.credits ?? errors.position;
  return (
    <tr className={gift.active ? '' : 'sites-row--off'}>
      <th scope="row">
        <span className="sites-gift">
          <GiftIcon slug={gift.slug} size={32} />
          <span>{name}</span>
        </span>
      </th>
      <td>{t('sites.gifts.credits', { count: gift.credits ?? props.siteCredits })}</td>
      <td>
        <Controller
          control={control}
          name="credits"
          render={({ field }) => (
            <CreditsInput
              id={`${id}-credits`}
              form={formId}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              placeholder={t('sites.gifts.siteDefault', { count: props.siteCredits })}
              label={t('sites.gifts.ownPriceOf', { gift: name })}
              invalid={Boolean(errors.credits)}
              describedBy={errors.credits ? `${id}-error` : undefined}
              disabled={!props.canEdit}
            />
          )}
        />
      </td>
      <td>
        <input
          className="form-check-input"
          type="checkbox"
          form={formId}
          disabled={!props.canEdit}
          aria-label={t('sites.gifts.onOfferOf', { gift: name })}
          {...register('active')}
        />
      </td>
      <td>
        <input
          type="number"
          form={formId}
          disabled={!props.canEdit}
          className={`form-control form-control-sm sites-number ${errors.position ? 'is-invalid' : ''}`}
          aria-label={t('sites.gifts.positionOf', { gift: name })}
          aria-invalid={Boolean(errors.position)}
          {...register('position', { valueAsNumber: true })}
        />
      </td>
      <td className="sites-actions">
        {props.canEdit && (
          <form id={formId} noValidate onSubmit={submit}>
            <button
              type="submit"
              className="btn btn-outline-primary btn-sm"
              disabled={edit.isPending || !formState.isDirty}
            >
              {edit.isPending ? t('common.saving') : t('sites.gifts.save', { gift: name })}
            </button>
          </form>
        )}
        <span role="status" className="sites-status">
          {saved && !formState.isDirty ? t('common.saved') : ''}
        </span>
        {error && (
          <div className="invalid-feedback d-block" id={`${id}-error`}>
            {message(error)}
          </div>
        )}
        {edit.isError && <ErrorAlert error={edit.error} />}
      </td>
    </tr>
  );
}

type AddInput = z.input<typeof giftCreate>;
type AddOutput = z.output<typeof giftCreate>;

function AddGift(props: { addable: GiftSlug[]; siteCredits: number }) {
  const { t } = useTranslation('admin');
  const id = useId();
  const siteMessage = useSiteFieldMessage();
  const create = useCreateGift();
  const [added, setAdded] = useState<string | null>(null);
  const first = props.addable[0] as GiftSlug;
  const form = useForm<AddInput, unknown, AddOutput>({
    resolver: zodResolver(giftCreate),
    defaultValues: { slug: first, credits: null, active: true, position: 50 },
  });
  const { register, control, formState, setError, reset } = form;
  const errors = formState.errors;
  const submit = form.handleSubmit(async (values) => {
    try {
      await create.mutateAsync(values);
      setAdded(t(`gifts.${values.slug}`, { ns: 'translation' }));
      reset({
        slug: props.addable.find((s) => s !== values.slug) ?? first,
        credits: null,
        active: true,
        position: 50,
      });
    } catch (err) {
      if (err instanceof ApiError && err.body?.fields?.slug)
        setError('slug', { type: 'validate', message: err.body.fields.slug });
    }
  });
  return (
    <section className="admin-panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('sites.gifts.addTitle')}</h2>
      <form className="sites-add-gift" noValidate onSubmit={submit}>
        <Field
          {...SETTING_FIELD}
          id={`${id}-slug`}
          label={t('sites.gifts.gift')}
          error={siteMessage(errors.slug)}
        >
          {(aria) => (
            <select {...aria} className="form-select form-select-sm" {...register('slug')}>
              {props.addable.map((s) => (
                <option key={s} value={s}>
                  {t(`gifts.${s}`, { ns: 'translation' })}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Controller
          control={control}
          name="credits"
          render={({ field }) => (
            <Field
              {...SETTING_FIELD}
              id={`${id}-credits`}
              label={t('sites.gifts.ownPrice')}
              hint={t('sites.gifts.ownPriceHint')}
              error={siteMessage(errors.credits)}
            >
              {(aria) => (
                <CreditsInput
                  id={aria.id}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  placeholder={t('sites.gifts.siteDefault', { count: props.siteCredits })}
                  invalid={aria['aria-invalid']}
                  describedBy={aria['aria-describedby']}
                />
              )}
            </Field>
          )}
        />
        <Field
          {...SETTING_FIELD}
          id={`${id}-position`}
          label={t('sites.packages.position')}
          error={siteMessage(errors.position)}
        >
          {(aria) => (
            <input
              {...aria}
              type="number"
              className="form-control form-control-sm sites-number"
              {...register('position', { valueAsNumber: true })}
            />
          )}
        </Field>
        <div className="sites-add-gift__submit">
          <button type="submit" className="btn btn-primary btn-sm" disabled={create.isPending}>
            {create.isPending ? t('common.saving') : t('sites.gifts.add')}
          </button>
        </div>
      </form>
      <p role="status" className="sites-status">
        {added ? t('sites.gifts.added', { gift: added }) : ''}
      </p>
      <ErrorAlert
        error={create.error instanceof ApiError && create.error.body?.fields ? null : create.error}
      />
    </section>
  );
}
