import { zodResolver } from '@hookform/resolvers/zod';
import { type ReactNode, useId, useMemo, useState } from 'react';
import { Controller, type FieldPath, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  type AdminSite,
  type SiteSettingsEdit,
  type SiteSettingsEditInput,
  siteSettingsEdit,
} from '../../../../common/api/admin/sites';
import { PROFILE_FIELDS, SEARCH_FIELDS } from '../../../../common/api/settings';
import { SERVED_COUNTRIES } from '../../../../common/rules/locale';
import { COUNTRY_CURRENCY } from '../../../../common/rules/payment-methods';
import { Field, type FieldAria } from '../../../components/FormField';
import { ApiError } from '../../api';
import { ErrorAlert } from '../../components/ErrorAlert';
import { Loading } from '../../components/Loading';
import { useAdminSite, useSaveSettings } from './api';
import {
  Check,
  ChoiceGroup,
  firstError,
  ListCheckbox,
  MoneyInput,
  SETTING_FIELD,
  useCountryName,
  useSiteFieldMessage,
} from './fields';

type Values = SiteSettingsEditInput;
type Name = FieldPath<Values>;

/** The form's values from the site's settings (the nullable texts as empty fields). */
function formValues(s: AdminSite['settings']): Values {
  return {
    domain: s.domain,
    aliases: s.aliases,
    name: s.name,
    index_title: s.index_title,
    description: s.description,
    mail_name: s.mail_name,
    niche: s.niche,
    cdn_prefix: s.cdn_prefix,
    countries: s.countries,
    domain_language: s.domain_language,
    time_zone: s.time_zone,
    message_credits: s.message_credits,
    photo_credits: s.photo_credits,
    gift_credits: s.gift_credits,
    signup_credits: s.signup_credits,
    message_length: s.message_length,
    minimum_message_costs: s.minimum_message_costs,
    refund_days: s.refund_days,
    member_resell: s.member_resell,
    fictional_warning: s.fictional_warning ?? '',
    fictional_singular: s.fictional_singular ?? '',
    fictional_plural: s.fictional_plural ?? '',
    fictional_icon: s.fictional_icon ?? '',
    signups: s.signups,
    logged_out_search: s.logged_out_search,
    logged_out_search_trafficsource: s.logged_out_search_trafficsource,
    enable_site_entry_popup: s.enable_site_entry_popup,
    search_fields: s.search_fields,
    visible_profile_fields: s.visible_profile_fields,
    visible_profile_notes: s.visible_profile_notes,
    support_email: s.support_email,
    support_phone: s.support_phone,
    company_id: s.company_id,
    company_address_variant: s.company_address_variant,
  };
}

/** The time zones the browser knows, for the picker (the server checks the same way). */
function timeZones(current: string): string[] {
  const intl = Intl as unknown as { supportedValuesOf?: (key: string) => string[] };
  const list = intl.supportedValuesOf?.('timeZone') ?? [];
  return list.includes(current) ? list : [current, ...list];
}

/** The Settings tab: the site's settings in six groups, saved together. */
export function SettingsTab(props: { siteId: number; canEdit: boolean }) {
  const site = useAdminSite(props.siteId);
  if (site.isPending) return <Loading />;
  if (site.isError) return <ErrorAlert error={site.error} onRetry={() => void site.refetch()} />;
  return <SettingsForm site={site.data.site} canEdit={props.canEdit} />;
}

function SettingsForm({ site, canEdit }: { site: AdminSite; canEdit: boolean }) {
  const { t } = useTranslation('admin');
  const id = useId();
  const countryName = useCountryName();
  const siteMessage = useSiteFieldMessage();
  const save = useSaveSettings(site.id);
  const [saved, setSaved] = useState(false);
  const form = useForm<Values, unknown, SiteSettingsEdit>({
    resolver: zodResolver(siteSettingsEdit),
    defaultValues: formValues(site.settings),
    mode: 'onTouched',
  });
  const { register, control, formState, watch, setError, reset } = form;
  const errors = formState.errors;
  const countries = watch('countries');
  const zones = useMemo(() => timeZones(site.settings.time_zone), [site.settings.time_zone]);
  const f = (name: string) => `${id}-${name}`;

  const submit = form.handleSubmit(async (values) => {
    setSaved(false);
    try {
      const answer = await save.mutateAsync(values);
      reset(formValues(answer.site.settings));
      setSaved(true);
    } catch (err) {
      if (err instanceof ApiError && err.body?.fields) {
        for (const [path, message] of Object.entries(err.body.fields)) {
          const field = path.split('.')[0] as Name;
          // Our own rules name a catalog key; the server's own findings (a host taken) name the value.
          const text = message.startsWith('sites.errors.') ? message : err.message;
          setError(field, {
            type: message.startsWith('sites.errors.') ? 'validate' : 'server',
            message: text,
          });
        }
      }
    }
  });

  const setting = (
    name: Name,
    label: ReactNode,
    control: (aria: FieldAria) => ReactNode,
    opts: { hint?: ReactNode; wide?: boolean } = {},
  ) => (
    <Field
      {...SETTING_FIELD}
      id={f(name)}
      label={label}
      hint={opts.hint}
      error={siteMessage(firstError(errors[name as keyof typeof errors]))}
      className={opts.wide ? 'sites-field sites-field--wide' : 'sites-field'}
    >
      {control}
    </Field>
  );
  const text = (
    name: Name,
    label: ReactNode,
    opts: { hint?: ReactNode; wide?: boolean; type?: string } = {},
  ) =>
    setting(
      name,
      label,
      (aria) => (
        <input
          {...aria}
          type={opts.type ?? 'text'}
          className={`form-control form-control-sm ${aria['aria-invalid'] ? 'is-invalid' : ''}`}
          {...register(name)}
        />
      ),
      opts,
    );
  const textArea = (name: 'description' | 'fictional_warning', label: ReactNode) =>
    setting(
      name,
      label,
      (aria) => <textarea {...aria} rows={2} className="form-control form-control-sm" {...register(name)} />,
      { wide: true },
    );
  const number = (name: Name, label: ReactNode, hint?: ReactNode) =>
    setting(
      name,
      label,
      (aria) => (
        <input
          {...aria}
          type="number"
          inputMode="numeric"
          className={`form-control form-control-sm sites-number ${aria['aria-invalid'] ? 'is-invalid' : ''}`}
          {...register(name, { valueAsNumber: true })}
        />
      ),
      { hint },
    );
  const select = (
    name: Name,
    label: ReactNode,
    options: { value: string | number; label: string }[],
    asNumber = false,
  ) =>
    setting(name, label, (aria) => (
      <select
        {...aria}
        className="form-select form-select-sm"
        {...register(name, asNumber ? { valueAsNumber: true } : {})}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    ));
  const listChoices = <T extends string>(
    name: 'countries' | 'search_fields' | 'visible_profile_fields',
    legend: ReactNode,
    options: readonly T[],
    label: (o: T) => string,
    columns = true,
  ) => (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <ChoiceGroup id={f(name)} legend={legend} error={firstError(errors[name])} columns={columns}>
          {options.map((o) => (
            <ListCheckbox
              key={o}
              id={`${f(name)}-${o}`}
              value={o}
              list={(field.value ?? []) as T[]}
              onChange={field.onChange}
              label={label(o)}
            />
          ))}
        </ChoiceGroup>
      )}
    />
  );
  const enumOptions = (prefix: string, values: readonly string[]) =>
    values.map((v) => ({ value: v, label: t(`${prefix}.${v}`) }));

  return (
    <form className="sites-settings" noValidate onSubmit={submit} aria-busy={save.isPending}>
      <fieldset disabled={!canEdit || save.isPending} className="sites-settings__all">
        <section className="admin-panel" aria-labelledby={f('identity')}>
          <h2 id={f('identity')}>{t('sites.groups.identity')}</h2>
          <div className="sites-grid">
            {text('name', t('sites.fields.name'))}
            {text('mail_name', t('sites.fields.mail_name'), { hint: t('sites.hints.mail_name') })}
            {select(
              'niche',
              t('sites.fields.niche'),
              [1, 2, 3, 4, 5, 6, 7].map((n) => ({ value: n, label: t(`sites.niches.${n}`) })),
              true,
            )}
            {text('domain', t('sites.fields.domain'), { hint: t('sites.hints.domain') })}
            <Controller
              control={control}
              name="aliases"
              render={({ field }) =>
                setting(
                  'aliases',
                  t('sites.fields.aliases'),
                  (aria) => (
                    <AliasesInput
                      aria={aria}
                      value={field.value}
                      onChange={field.onChange}
                      onBlur={field.onBlur}
                    />
                  ),
                  { hint: t('sites.hints.aliases'), wide: true },
                )
              }
            />
            {text('index_title', t('sites.fields.index_title'), {
              wide: true,
              hint: t('sites.hints.index_title'),
            })}
            {textArea('description', t('sites.fields.description'))}
            {text('cdn_prefix', t('sites.fields.cdn_prefix'), {
              wide: true,
              hint: t('sites.hints.cdn_prefix'),
            })}
          </div>
        </section>

        <section className="admin-panel" aria-labelledby={f('countriesGroup')}>
          <h2 id={f('countriesGroup')}>{t('sites.groups.countries')}</h2>
          {listChoices(
            'countries',
            t('sites.fields.countries'),
            SERVED_COUNTRIES,
            (c) => `${countryName(c)} (${c})`,
          )}
          <div className="sites-grid">
            {text('domain_language', t('sites.fields.domain_language'), {
              hint: t('sites.hints.domain_language'),
            })}
            {select(
              'time_zone',
              t('sites.fields.time_zone'),
              zones.map((z) => ({ value: z, label: z })),
            )}
          </div>
        </section>

        <section className="admin-panel" aria-labelledby={f('credits')}>
          <h2 id={f('credits')}>{t('sites.groups.credits')}</h2>
          <div className="sites-grid sites-grid--narrow">
            {number('message_credits', t('sites.fields.message_credits'))}
            {number('photo_credits', t('sites.fields.photo_credits'))}
            {number('gift_credits', t('sites.fields.gift_credits'), t('sites.hints.gift_credits'))}
            {number('signup_credits', t('sites.fields.signup_credits'))}
            {number('message_length', t('sites.fields.message_length'))}
            {number('refund_days', t('sites.fields.refund_days'))}
          </div>
          <Check
            id={f('member_resell')}
            label={t('sites.fields.member_resell')}
            className="form-check sites-check"
            {...register('member_resell')}
          />
          <Controller
            control={control}
            name="minimum_message_costs"
            render={({ field }) => (
              <MinimumCosts
                id={f('costs')}
                countries={[...new Set([...(countries ?? []), ...Object.keys(field.value ?? {})])]}
                value={field.value ?? {}}
                onChange={field.onChange}
                error={firstError(errors.minimum_message_costs)}
              />
            )}
          />
        </section>

        <section className="admin-panel" aria-labelledby={f('fictional')}>
          <h2 id={f('fictional')}>{t('sites.groups.fictional')}</h2>
          <p className="sites-intro">{t('sites.hints.fictional')}</p>
          <div className="sites-grid">
            {textArea('fictional_warning', t('sites.fields.fictional_warning'))}
            {text('fictional_singular', t('sites.fields.fictional_singular'))}
            {text('fictional_plural', t('sites.fields.fictional_plural'))}
            {text('fictional_icon', t('sites.fields.fictional_icon'), {
              hint: t('sites.hints.fictional_icon'),
            })}
          </div>
        </section>

        <section className="admin-panel" aria-labelledby={f('signups')}>
          <h2 id={f('signups')}>{t('sites.groups.signups')}</h2>
          <div className="sites-grid">
            {select(
              'signups',
              t('sites.fields.signups'),
              enumOptions('sites.signups', ['all', 'with_trafficsource', 'none']),
            )}
            {select(
              'logged_out_search',
              t('sites.fields.logged_out_search'),
              enumOptions('sites.searchAccess', ['all', 'none']),
            )}
            {select(
              'logged_out_search_trafficsource',
              t('sites.fields.logged_out_search_trafficsource'),
              enumOptions('sites.searchAccess', ['all', 'none']),
            )}
          </div>
          <Controller
            control={control}
            name="enable_site_entry_popup"
            render={({ field }) => (
              <EntryPopupChoice
                id={f('popup')}
                value={field.value}
                onChange={field.onChange}
                countries={countries ?? []}
                error={firstError(errors.enable_site_entry_popup)}
              />
            )}
          />
          {listChoices(
            'search_fields',
            t('sites.fields.search_fields'),
            SEARCH_FIELDS,
            (v) => t(`sites.searchFields.${v}`),
            false,
          )}
          {listChoices(
            'visible_profile_fields',
            t('sites.fields.visible_profile_fields'),
            PROFILE_FIELDS,
            (v) => t(`sites.profileFields.${v}`),
          )}
          <Check
            id={f('visible_profile_notes')}
            label={t('sites.fields.visible_profile_notes')}
            className="form-check sites-check"
            {...register('visible_profile_notes')}
          />
        </section>

        <section className="admin-panel" aria-labelledby={f('support')}>
          <h2 id={f('support')}>{t('sites.groups.support')}</h2>
          <div className="sites-grid">
            {text('support_email', t('sites.fields.support_email'), { type: 'email' })}
            {text('support_phone', t('sites.fields.support_phone'), { type: 'tel' })}
            {select(
              'company_id',
              t('sites.fields.company_id'),
              site.companies.map((c) => ({ value: c.id, label: c.name })),
              true,
            )}
            {select(
              'company_address_variant',
              t('sites.fields.company_address_variant'),
              enumOptions('sites.addressVariants', ['full', 'compact', 'tradename']),
            )}
          </div>
          <p className="sites-readonly">
            <span className="sites-readonly__label">{t('sites.fields.push_public_key')}</span>{' '}
            <code>{site.push_public_key ?? t('common.none')}</code>
          </p>
        </section>
      </fieldset>

      {canEdit && (
        <div className="sites-savebar">
          <button type="submit" className="btn btn-primary" disabled={save.isPending}>
            {save.isPending ? t('common.saving') : t('sites.saveSettings')}
          </button>
          <button
            type="button"
            className="btn btn-outline-secondary"
            disabled={save.isPending || !formState.isDirty}
            onClick={() => {
              reset(formValues(site.settings));
              setSaved(false);
            }}
          >
            {t('common.reset')}
          </button>
          <span role="status" className="sites-savebar__status">
            {saved && !formState.isDirty ? t('sites.settingsSaved') : ''}
            {Object.keys(errors).length > 0 ? t('sites.fixErrors') : ''}
          </span>
        </div>
      )}
      {save.isError && !(save.error instanceof ApiError && save.error.body?.fields) && (
        <ErrorAlert error={save.error} />
      )}
    </form>
  );
}

/** The host names besides the domain, one per line or separated by commas. */
function AliasesInput(props: {
  aria: FieldAria;
  value: string[] | undefined;
  onChange: (list: string[]) => void;
  onBlur: () => void;
}) {
  const joined = (props.value ?? []).join(', ');
  const [draft, setDraft] = useState(joined);
  const [seen, setSeen] = useState(joined);
  if (
    seen !== joined &&
    draft
      .split(/[\s,]+/)
      .filter(Boolean)
      .join(', ') !== joined
  ) {
    setSeen(joined);
    setDraft(joined);
  }
  return (
    <input
      {...props.aria}
      className={`form-control form-control-sm ${props.aria['aria-invalid'] ? 'is-invalid' : ''}`}
      value={draft}
      onBlur={props.onBlur}
      onChange={(e) => {
        setDraft(e.target.value);
        props.onChange(e.target.value.split(/[\s,]+/).filter(Boolean));
      }}
    />
  );
}

/** Minimum message costs: one amount per country, in its currency; empty = no minimum there. */
function MinimumCosts(props: {
  id: string;
  countries: string[];
  value: Record<string, { costs: number; currency: string }>;
  onChange: (value: Record<string, { costs: number; currency: string }>) => void;
  error?: { message?: string; type?: string };
}) {
  const { t } = useTranslation('admin');
  const countryName = useCountryName();
  return (
    <ChoiceGroup
      id={props.id}
      legend={t('sites.fields.minimum_message_costs')}
      hint={t('sites.hints.minimum_message_costs')}
      error={props.error}
      columns
    >
      {props.countries.map((c) => {
        const currency = COUNTRY_CURRENCY[c] ?? 'EUR';
        const inputId = `${props.id}-${c}`;
        return (
          <Field key={c} id={inputId} label={countryName(c)} className="sites-cost">
            {(aria) => (
              <MoneyInput
                {...aria}
                currency={currency}
                value={props.value[c]?.costs ?? null}
                onChange={(cents) => {
                  const next = { ...props.value };
                  if (cents === null) delete next[c];
                  else next[c] = { costs: cents, currency };
                  props.onChange(next);
                }}
              />
            )}
          </Field>
        );
      })}
    </ChoiceGroup>
  );
}

/** The entry warning: everywhere, nowhere, or only for visitors from some of the site's countries. */
function EntryPopupChoice(props: {
  id: string;
  value: 'yes' | 'no' | string[];
  onChange: (value: 'yes' | 'no' | string[]) => void;
  countries: string[];
  error?: { message?: string; type?: string };
}) {
  const { t } = useTranslation('admin');
  const countryName = useCountryName();
  const mode = Array.isArray(props.value) ? 'countries' : props.value;
  const radio = (value: 'yes' | 'no' | 'countries') => (
    <Check
      key={value}
      type="radio"
      name={props.id}
      id={`${props.id}-${value}`}
      label={t(`sites.entryPopup.${value}`)}
      checked={mode === value}
      onChange={() => props.onChange(value === 'countries' ? props.countries.slice(0, 1) : value)}
    />
  );
  return (
    <ChoiceGroup id={props.id} legend={t('sites.fields.enable_site_entry_popup')} error={props.error}>
      {radio('yes')}
      {radio('no')}
      {radio('countries')}
      {Array.isArray(props.value) && (
        <div className="sites-choices__sub">
          {props.countries.map((c) => (
            <ListCheckbox
              key={c}
              id={`${props.id}-c-${c}`}
              value={c}
              list={props.value as string[]}
              onChange={props.onChange}
              label={countryName(c)}
            />
          ))}
        </div>
      )}
    </ChoiceGroup>
  );
}
