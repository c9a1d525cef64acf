import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  type AdminDiscountCode,
  type AdminSite,
  type DiscountCodeCreate,
  type DiscountCodeCreateInput,
  discountCodeCreate,
} from '../../../../common/api/admin/sites';
import { Field } from '../../../components/FormField';
import { formatDate } from '../../../format';
import { ApiError } from '../../api';
import { EmptyState } from '../../components/EmptyState';
import { ErrorAlert } from '../../components/ErrorAlert';
import { Loading } from '../../components/Loading';
import { useAdminSite, useCreateDiscountCode, useDiscountCodes, useSetCodeStatus } from './api';
import {
  Check,
  ChoiceGroup,
  ListCheckbox,
  MoneyInput,
  SETTING_FIELD,
  useCountryName,
  useMoney,
  useSiteFieldMessage,
} from './fields';

/**
 * The Discount codes tab: the site's codes with their limits and uses, a form for a new one, and
 * switching a code off (a code is never deleted: payments name it).
 */
export function DiscountCodesTab(props: { siteId: number; canEdit: boolean }) {
  const { t } = useTranslation('admin');
  const site = useAdminSite(props.siteId);
  const codes = useDiscountCodes(props.siteId);
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<string | null>(null);
  if (site.isPending || codes.isPending) return <Loading />;
  if (site.isError) return <ErrorAlert error={site.error} onRetry={() => void site.refetch()} />;
  if (codes.isError) return <ErrorAlert error={codes.error} onRetry={() => void codes.refetch()} />;
  return (
    <>
      <div className="sites-toolbar">
        <p className="sites-intro">{t('sites.codes.intro')}</p>
        {props.canEdit && !creating && (
          <button
            type="button"
            className="btn btn-primary btn-sm"
            onClick={() => {
              setCreating(true);
              setCreated(null);
            }}
          >
            {t('sites.codes.new')}
          </button>
        )}
      </div>
      <p role="status" className="sites-status">
        {created ? t('sites.codes.created', { code: created }) : ''}
      </p>
      {creating && (
        <section className="admin-panel" aria-label={t('sites.codes.newTitle')}>
          <h2>{t('sites.codes.newTitle')}</h2>
          <CodeForm
            site={site.data.site}
            onDone={(code) => {
              setCreating(false);
              setCreated(code);
            }}
          />
        </section>
      )}
      {codes.data.discount_codes.length === 0 ? (
        <EmptyState title={t('sites.codes.empty')} />
      ) : (
        <CodesTable codes={codes.data.discount_codes} siteId={props.siteId} canEdit={props.canEdit} />
      )}
    </>
  );
}

function CodesTable(props: { codes: AdminDiscountCode[]; siteId: number; canEdit: boolean }) {
  const { t, i18n } = useTranslation('admin');
  const money = useMoney();
  const countryName = useCountryName();
  const setStatus = useSetCodeStatus(props.siteId);
  return (
    <>
      <ErrorAlert error={setStatus.error} />
      <div className="admin-table-wrap">
        <table className="table table-hover sites-codes">
          <caption className="visually-hidden">{t('sites.codes.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('sites.codes.code')}</th>
              <th scope="col">{t('sites.codes.percentage')}</th>
              <th scope="col">{t('sites.codes.limits')}</th>
              <th scope="col">{t('sites.codes.validity')}</th>
              <th scope="col">{t('common.expires')}</th>
              <th scope="col">{t('sites.codes.uses')}</th>
              <th scope="col">{t('common.status')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('common.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {props.codes.map((c) => {
              const limits = [
                c.country ? countryName(c.country) : null,
                c.currency,
                c.minimum_order_value > 0
                  ? t('sites.codes.minimumShort', {
                      amount: c.currency
                        ? money(c.minimum_order_value, c.currency)
                        : (c.minimum_order_value / 100).toFixed(2),
                    })
                  : null,
                c.payment_methods.length > 0
                  ? c.payment_methods.map((m) => t(`paymentMethods.${m}`, { ns: 'translation' })).join(', ')
                  : null,
              ].filter(Boolean);
              const state = c.status === 'inactive' ? 'inactive' : c.expired ? 'expired' : 'active';
              return (
                <tr key={c.id} className={state === 'active' ? '' : 'sites-row--off'}>
                  <th scope="row">
                    <code>{c.code}</code>
                  </th>
                  <td>{c.value_percentage}%</td>
                  <td>{limits.length > 0 ? limits.join(' · ') : t('sites.codes.noLimits')}</td>
                  <td>{t(`sites.codes.validityValues.${c.validity}`)}</td>
                  <td>
                    {c.expires
                      ? formatDate(c.expires, i18n.language, { dateStyle: 'medium', timeStyle: 'short' })
                      : t('common.never')}
                  </td>
                  <td>
                    {c.max_uses === null
                      ? c.uses
                      : t('sites.codes.usesOf', { uses: c.uses, max: c.max_uses })}
                  </td>
                  <td>
                    <span
                      className={`badge ${state === 'active' ? 'text-bg-success' : state === 'expired' ? 'text-bg-warning' : 'text-bg-secondary'}`}
                    >
                      {t(`sites.codes.states.${state}`)}
                    </span>
                  </td>
                  <td className="sites-actions">
                    {props.canEdit && (
                      <button
                        type="button"
                        className={`btn btn-sm ${c.status === 'active' ? 'btn-outline-danger' : 'btn-outline-secondary'}`}
                        disabled={setStatus.isPending}
                        onClick={() =>
                          setStatus.mutate({
                            id: c.id,
                            status: c.status === 'active' ? 'inactive' : 'active',
                          })
                        }
                      >
                        {c.status === 'active'
                          ? t('sites.codes.deactivate', { code: c.code })
                          : t('sites.codes.activate', { code: c.code })}
                      </button>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </>
  );
}

/** "2026-07-01T12:00" (the browser's time) ↔ an ISO time. */
const localInput = (iso: string | null | undefined) => {
  if (!iso) return '';
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
};
const fromLocalInput = (value: string) => {
  if (!value) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? 'invalid' : d.toISOString();
};

function CodeForm(props: { site: AdminSite; onDone: (code: string) => void }) {
  const { t } = useTranslation('admin');
  const id = useId();
  const countryName = useCountryName();
  const siteMessage = useSiteFieldMessage();
  const { site } = props;
  const create = useCreateDiscountCode(site.id);
  const form = useForm<DiscountCodeCreateInput, unknown, DiscountCodeCreate>({
    resolver: zodResolver(discountCodeCreate),
    mode: 'onTouched',
    defaultValues: {
      site_id: site.id,
      code: '',
      value_percentage: 10,
      country: null,
      currency: null,
      minimum_order_value: 0,
      payment_methods: [],
      expires: null,
      validity: 'once_per_user',
      max_uses: null,
    },
  });
  const { register, control, formState, setError, watch } = form;
  const errors = formState.errors;
  const currency = watch('currency');

  const submit = form.handleSubmit(async (values) => {
    try {
      const answer = await create.mutateAsync(values);
      props.onDone(answer.discount_code.code);
    } catch (err) {
      if (err instanceof ApiError && err.body?.fields)
        for (const [path, text] of Object.entries(err.body.fields)) {
          const field = path.split('.')[0] as keyof DiscountCodeCreateInput;
          const ours = text.startsWith('sites.errors.');
          setError(field, { type: ours ? 'validate' : 'server', message: ours ? text : err.message });
        }
    }
  });

  const nullableSelect = (
    name: 'country' | 'currency',
    options: { value: string; label: string }[],
    label: string,
  ) => (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Field {...SETTING_FIELD} id={`${id}-${name}`} label={label} error={siteMessage(errors[name])}>
          {(aria) => (
            <select
              {...aria}
              className="form-select form-select-sm"
              value={field.value ?? ''}
              onBlur={field.onBlur}
              onChange={(e) => field.onChange(e.target.value || null)}
            >
              <option value="">{t('sites.codes.any')}</option>
              {options.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          )}
        </Field>
      )}
    />
  );

  return (
    <form noValidate onSubmit={submit} aria-busy={create.isPending} className="sites-code-form">
      <fieldset disabled={create.isPending}>
        <div className="sites-grid">
          <Field
            {...SETTING_FIELD}
            id={`${id}-code`}
            label={t('sites.codes.code')}
            hint={t('sites.codes.codeHint')}
            error={siteMessage(errors.code)}
          >
            {(aria) => (
              <input
                {...aria}
                className={`form-control form-control-sm sites-code-input ${aria['aria-invalid'] ? 'is-invalid' : ''}`}
                autoComplete="off"
                maxLength={40}
                {...register('code')}
              />
            )}
          </Field>
          <Field
            {...SETTING_FIELD}
            id={`${id}-pct`}
            label={t('sites.codes.percentage')}
            error={siteMessage(errors.value_percentage)}
          >
            {(aria) => (
              <div className="input-group input-group-sm sites-number">
                <input
                  {...aria}
                  type="number"
                  min={1}
                  max={100}
                  className={`form-control ${aria['aria-invalid'] ? 'is-invalid' : ''}`}
                  {...register('value_percentage', { valueAsNumber: true })}
                />
                <span className="input-group-text">%</span>
              </div>
            )}
          </Field>
          {nullableSelect(
            'country',
            site.settings.countries.map((c) => ({ value: c, label: countryName(c) })),
            t('sites.codes.country'),
          )}
          {nullableSelect(
            'currency',
            site.currencies.map((c) => ({ value: c, label: c })),
            t('sites.codes.currency'),
          )}
          <Controller
            control={control}
            name="minimum_order_value"
            render={({ field }) => (
              <Field
                {...SETTING_FIELD}
                id={`${id}-min`}
                label={t('sites.codes.minimum')}
                hint={t('sites.codes.minimumHint')}
                error={siteMessage(errors.minimum_order_value)}
              >
                {(aria) => (
                  <MoneyInput
                    {...aria}
                    currency={currency ?? '¤'}
                    value={field.value}
                    onChange={(cents) => field.onChange(cents ?? 0)}
                  />
                )}
              </Field>
            )}
          />
          <Controller
            control={control}
            name="expires"
            render={({ field }) => (
              <Field
                {...SETTING_FIELD}
                id={`${id}-expires`}
                label={t('common.expires')}
                hint={t('sites.codes.expiresHint')}
                error={siteMessage(errors.expires)}
              >
                {(aria) => (
                  <input
                    {...aria}
                    type="datetime-local"
                    className={`form-control form-control-sm ${aria['aria-invalid'] ? 'is-invalid' : ''}`}
                    value={localInput(field.value === 'invalid' ? null : field.value)}
                    onBlur={field.onBlur}
                    onChange={(e) => field.onChange(fromLocalInput(e.target.value))}
                  />
                )}
              </Field>
            )}
          />
          <Controller
            control={control}
            name="max_uses"
            render={({ field }) => (
              <Field
                {...SETTING_FIELD}
                id={`${id}-uses`}
                label={t('sites.codes.maxUses')}
                hint={t('sites.codes.maxUsesHint')}
                error={siteMessage(errors.max_uses)}
              >
                {(aria) => (
                  <input
                    {...aria}
                    type="number"
                    min={1}
                    inputMode="numeric"
                    className={`form-control form-control-sm sites-number ${aria['aria-invalid'] ? 'is-invalid' : ''}`}
                    value={field.value ?? ''}
                    onBlur={field.onBlur}
                    onChange={(e) => field.onChange(e.target.value === '' ? null : Number(e.target.value))}
                  />
                )}
              </Field>
            )}
          />
        </div>
        <Controller
          control={control}
          name="validity"
          render={({ field }) => (
            <ChoiceGroup id={`${id}-validity`} legend={t('sites.codes.validity')} error={errors.validity}>
              {(['once_per_user', 'unlimited'] as const).map((v) => (
                <Check
                  key={v}
                  type="radio"
                  id={`${id}-validity-${v}`}
                  name={`${id}-validity`}
                  label={t(`sites.codes.validityValues.${v}`)}
                  checked={field.value === v}
                  onChange={() => field.onChange(v)}
                />
              ))}
            </ChoiceGroup>
          )}
        />
        <Controller
          control={control}
          name="payment_methods"
          render={({ field }) => (
            <ChoiceGroup
              id={`${id}-methods`}
              legend={t('sites.codes.methods')}
              hint={t('sites.codes.methodsHint')}
              error={errors.payment_methods as { message?: string; type?: string } | undefined}
              columns
            >
              {site.methods.map((m) => (
                <ListCheckbox
                  key={m}
                  id={`${id}-m-${m}`}
                  value={m}
                  list={field.value ?? []}
                  onChange={field.onChange}
                  label={t(`paymentMethods.${m}`, { ns: 'translation' })}
                />
              ))}
            </ChoiceGroup>
          )}
        />
      </fieldset>
      <ErrorAlert
        error={create.error instanceof ApiError && create.error.body?.fields ? null : create.error}
      />
      <div className="sites-editor-actions">
        <button type="submit" className="btn btn-primary btn-sm" disabled={create.isPending}>
          {create.isPending ? t('common.saving') : t('sites.codes.create')}
        </button>
        <button
          type="button"
          className="btn btn-outline-secondary btn-sm"
          onClick={() => props.onDone('')}
          disabled={create.isPending}
        >
          {t('common.cancel')}
        </button>
      </div>
    </form>
  );
}
