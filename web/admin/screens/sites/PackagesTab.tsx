import { zodResolver } from '@hookform/resolvers/zod';
import { Fragment, useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { type AdminPackage, type AdminSite, packageCreate } from '../../../../common/api/admin/sites';
import { COUNTRY_CURRENCY } from '../../../../common/rules/payment-methods';
import { Field } from '../../../components/FormField';
import { intlLocale } from '../../../format';
import { ApiError } from '../../api';
import { EmptyState } from '../../components/EmptyState';
import { ErrorAlert } from '../../components/ErrorAlert';
import { Loading } from '../../components/Loading';
import { useAdminSite, useCreatePackage, useDeletePackage, useEditPackage, usePackages } from './api';
import {
  Check,
  centsText,
  firstError,
  MoneyInput,
  SETTING_FIELD,
  useCountryName,
  useMoney,
  useSiteFieldMessage,
} from './fields';

/** The package editor's values: a new package's fields (the site is the tab's). */
const packageForm = packageCreate;
type FormInput = z.input<typeof packageForm>;
type FormOutput = z.output<typeof packageForm>;

/**
 * The Packages tab: the site's credit bundles in display order. A row opens in place to edit its
 * credits, its price per currency, its prices for single countries (they win over the currency's
 * price there), popular, on sale and position. A bought package is never deleted, only switched off.
 */
export function PackagesTab(props: { siteId: number; canEdit: boolean }) {
  const { t } = useTranslation('admin');
  const site = useAdminSite(props.siteId);
  const packages = usePackages(props.siteId);
  const [open, setOpen] = useState<number | 'new' | null>(null);
  if (site.isPending || packages.isPending) return <Loading />;
  if (site.isError) return <ErrorAlert error={site.error} onRetry={() => void site.refetch()} />;
  if (packages.isError) return <ErrorAlert error={packages.error} onRetry={() => void packages.refetch()} />;
  const list = packages.data.packages;
  return (
    <>
      <div className="sites-toolbar">
        <p className="sites-intro">{t('sites.packages.intro')}</p>
        {props.canEdit && open !== 'new' && (
          <button type="button" className="btn btn-primary btn-sm" onClick={() => setOpen('new')}>
            {t('sites.packages.new')}
          </button>
        )}
      </div>
      {open === 'new' && (
        <div className="admin-panel">
          <h2>{t('sites.packages.newTitle')}</h2>
          <PackageEditor site={site.data.site} canEdit onDone={() => setOpen(null)} />
        </div>
      )}
      {list.length === 0 ? (
        <EmptyState title={t('sites.packages.empty')} />
      ) : (
        <div className="admin-table-wrap">
          <table className="table table-hover sites-packages">
            <caption className="visually-hidden">{t('sites.packages.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('sites.packages.credits')}</th>
                <th scope="col">{t('sites.packages.prices')}</th>
                <th scope="col">{t('sites.packages.countryPrices')}</th>
                <th scope="col">{t('common.status')}</th>
                <th scope="col">{t('sites.packages.position')}</th>
                <th scope="col">{t('sites.packages.payments')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('common.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.map((p) => (
                <Fragment key={p.id}>
                  <PackageRow
                    pkg={p}
                    site={site.data.site}
                    canEdit={props.canEdit}
                    open={open === p.id}
                    onToggle={() => setOpen(open === p.id ? null : p.id)}
                  />
                  {open === p.id && (
                    <tr className="sites-packages__editor">
                      <td colSpan={7}>
                        <PackageEditor
                          site={site.data.site}
                          pkg={p}
                          canEdit={props.canEdit}
                          onDone={() => setOpen(null)}
                        />
                      </td>
                    </tr>
                  )}
                </Fragment>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}

/** A package's prices, the site's own currencies first, each with its code (A$ and $ look alike). */
function PriceList(props: { prices: [string, number][]; first: string[] }) {
  const { i18n } = useTranslation('admin');
  const rank = (c: string) => (props.first.includes(c) ? props.first.indexOf(c) : props.first.length);
  const sorted = [...props.prices].sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b));
  const format = (cents: number, currency: string) =>
    new Intl.NumberFormat(intlLocale(i18n.language), {
      style: 'currency',
      currency,
      currencyDisplay: 'code',
    }).format(cents / 100);
  return (
    <ul className="sites-pricelist">
      {sorted.map(([key, cents]) => (
        <li key={key}>{format(cents, COUNTRY_CURRENCY[key] ?? key)}</li>
      ))}
    </ul>
  );
}

function PackageRow(props: {
  pkg: AdminPackage;
  site: AdminSite;
  canEdit: boolean;
  open: boolean;
  onToggle: () => void;
}) {
  const { t } = useTranslation('admin');
  const money = useMoney();
  const countryName = useCountryName();
  const { pkg } = props;
  const prices = Object.entries(pkg.prices);
  const countries = Object.entries(pkg.country_prices);
  return (
    <tr className={pkg.active ? '' : 'sites-row--off'}>
      <th scope="row">{t('sites.packages.creditsValue', { count: pkg.credits })}</th>
      <td>
        <PriceList prices={prices} first={props.site.currencies} />
      </td>
      <td>
        {countries.length === 0 ? (
          <span className="text-body-secondary">{t('common.none')}</span>
        ) : (
          <ul className="sites-pricelist sites-pricelist--countries">
            {countries.map(([country, cents]) => (
              <li key={country}>
                <abbr title={countryName(country)}>{country}</abbr>{' '}
                {money(cents, COUNTRY_CURRENCY[country] ?? 'EUR')}
              </li>
            ))}
          </ul>
        )}
      </td>
      <td>
        <span className="sites-badges">
          <span className={`badge ${pkg.active ? 'text-bg-success' : 'text-bg-secondary'}`}>
            {pkg.active ? t('sites.packages.onSaleYes') : t('sites.packages.onSaleNo')}
          </span>
          {pkg.popular && <span className="badge text-bg-warning">{t('sites.packages.popular')}</span>}
        </span>
      </td>
      <td>{pkg.position}</td>
      <td>{pkg.payments}</td>
      <td className="sites-actions">
        <button
          type="button"
          className="btn btn-outline-secondary btn-sm"
          aria-expanded={props.open}
          onClick={props.onToggle}
        >
          {props.open
            ? t('common.close')
            : props.canEdit
              ? t('sites.packages.editOne', { count: pkg.credits })
              : t('sites.packages.viewOne', { count: pkg.credits })}
        </button>
      </td>
    </tr>
  );
}

const emptyPackage = (siteId: number): FormInput => ({
  site_id: siteId,
  credits: Number.NaN,
  prices: {},
  country_prices: {},
  popular: false,
  active: true,
  position: 0,
});

/** A package's fields; saving writes only what changed (the server keeps the audit row of it). */
function PackageEditor(props: { site: AdminSite; pkg?: AdminPackage; canEdit: boolean; onDone: () => void }) {
  const { t } = useTranslation('admin');
  const id = useId();
  const countryName = useCountryName();
  const message = useSiteFieldMessage();
  const { site, pkg } = props;
  const { canEdit } = props;
  const create = useCreatePackage(site.id);
  const edit = useEditPackage(site.id);
  const remove = useDeletePackage(site.id);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(packageForm),
    defaultValues: pkg
      ? {
          site_id: site.id,
          credits: pkg.credits,
          prices: pkg.prices,
          country_prices: pkg.country_prices,
          popular: pkg.popular,
          active: pkg.active,
          position: pkg.position,
        }
      : emptyPackage(site.id),
  });
  const { register, control, formState, setError } = form;
  const errors = formState.errors;
  const busy = create.isPending || edit.isPending || remove.isPending;
  const failure = create.error ?? edit.error ?? remove.error;

  const submit = form.handleSubmit(async (values) => {
    try {
      if (pkg) {
        const { site_id: _s, ...fields } = values;
        await edit.mutateAsync({ id: pkg.id, edit: fields });
      } else await create.mutateAsync(values);
      props.onDone();
    } catch (err) {
      if (err instanceof ApiError && err.body?.fields)
        for (const [path, text] of Object.entries(err.body.fields)) {
          const field = path.split('.')[0] as 'credits' | 'prices' | 'country_prices';
          setError(field, { type: text.startsWith('sites.errors.') ? 'validate' : 'server', message: text });
        }
    }
  });

  const priceGrid = (
    name: 'prices' | 'country_prices',
    keys: string[],
    label: (key: string) => string,
    currencyOf: (key: string) => string,
    placeholder?: (
      key: string,
      current: Record<string, number>,
    ) => { text: string; title: string } | undefined,
  ) => (
    <Controller
      control={control}
      name={name}
      render={({ field }) => {
        const value = (field.value ?? {}) as Record<string, number>;
        const prices = (form.watch('prices') ?? {}) as Record<string, number>;
        return (
          <div className="sites-price-grid">
            {keys.map((key) => {
              const inputId = `${id}-${name}-${key}`;
              const error = firstError((errors[name] as Record<string, unknown> | undefined)?.[key]);
              return (
                <Field
                  key={key}
                  id={inputId}
                  label={label(key)}
                  error={message(error)}
                  className="sites-price"
                >
                  {(aria) => (
                    <MoneyInput
                      {...aria}
                      currency={currencyOf(key)}
                      value={value[key] ?? null}
                      placeholder={placeholder?.(key, prices)?.text}
                      title={placeholder?.(key, prices)?.title}
                      onChange={(cents) => {
                        const next = { ...value };
                        if (cents === null) delete next[key];
                        else next[key] = cents;
                        field.onChange(next);
                      }}
                    />
                  )}
                </Field>
              );
            })}
          </div>
        );
      }}
    />
  );

  const number = (name: 'credits' | 'position', label: string) => (
    <Field {...SETTING_FIELD} id={`${id}-${name}`} label={label} error={message(errors[name])}>
      {(aria) => (
        <input
          {...aria}
          type="number"
          inputMode="numeric"
          className={`form-control form-control-sm sites-number ${aria['aria-invalid'] ? 'is-invalid' : ''}`}
          {...register(name, { valueAsNumber: true })}
        />
      )}
    </Field>
  );

  const currencies = [...new Set([...site.currencies, ...Object.keys(pkg?.prices ?? {})])];
  const countries = [...new Set([...site.settings.countries, ...Object.keys(pkg?.country_prices ?? {})])];
  const money = useMoney();
  const groupError = (name: 'prices' | 'country_prices') => {
    const e = errors[name] as { message?: string; type?: string } | undefined;
    return e?.message ? message(e) : '';
  };

  return (
    <form className="sites-package-editor" noValidate onSubmit={submit} aria-busy={busy}>
      <fieldset disabled={busy || !canEdit}>
        <div className="sites-grid sites-grid--narrow">
          {number('credits', t('sites.packages.credits'))}
          {number('position', t('sites.packages.position'))}
          <div className="sites-field sites-field--checks">
            <Check id={`${id}-popular`} label={t('sites.packages.popularLabel')} {...register('popular')} />
            <Check id={`${id}-active`} label={t('sites.packages.activeLabel')} {...register('active')} />
          </div>
        </div>
        <fieldset className="sites-choices">
          <legend className="form-label">{t('sites.packages.prices')}</legend>
          <p className="form-text">{t('sites.packages.pricesHint')}</p>
          {priceGrid(
            'prices',
            currencies,
            (c) => c,
            (c) => c,
          )}
          {groupError('prices') && <div className="invalid-feedback d-block">{groupError('prices')}</div>}
        </fieldset>
        <fieldset className="sites-choices">
          <legend className="form-label">{t('sites.packages.countryPrices')}</legend>
          <p className="form-text">{t('sites.packages.countryPricesHint')}</p>
          {priceGrid(
            'country_prices',
            countries,
            (c) => countryName(c),
            (c) => COUNTRY_CURRENCY[c] ?? 'EUR',
            (c, prices) => {
              const currency = COUNTRY_CURRENCY[c] ?? 'EUR';
              const fallback = prices[currency];
              return fallback === undefined || Number.isNaN(fallback)
                ? undefined
                : {
                    text: centsText(fallback),
                    title: t('sites.packages.sameAs', { price: money(fallback, currency) }),
                  };
            },
          )}
          {groupError('country_prices') && (
            <div className="invalid-feedback d-block">{groupError('country_prices')}</div>
          )}
        </fieldset>
      </fieldset>
      <ErrorAlert error={failure instanceof ApiError && failure.body?.fields ? null : failure} />
      {canEdit && (
        <div className="sites-editor-actions">
          <button type="submit" className="btn btn-primary btn-sm" disabled={busy}>
            {busy ? t('common.saving') : pkg ? t('sites.packages.save') : t('sites.packages.create')}
          </button>
          <button
            type="button"
            className="btn btn-outline-secondary btn-sm"
            disabled={busy}
            onClick={props.onDone}
          >
            {t('common.cancel')}
          </button>
          {pkg &&
            (pkg.payments > 0 ? (
              <span className="form-text">
                {t('sites.packages.keptForPayments', { count: pkg.payments })}
              </span>
            ) : confirmDelete ? (
              <span className="sites-confirm">
                <span>{t('sites.packages.deleteConfirm')}</span>
                <button
                  type="button"
                  className="btn btn-danger btn-sm"
                  disabled={busy}
                  onClick={() =>
                    void remove.mutateAsync(pkg.id).then(props.onDone, () => setConfirmDelete(false))
                  }
                >
                  {t('common.delete')}
                </button>
                <button
                  type="button"
                  className="btn btn-outline-secondary btn-sm"
                  onClick={() => setConfirmDelete(false)}
                >
                  {t('common.cancel')}
                </button>
              </span>
            ) : (
              <button
                type="button"
                className="btn btn-outline-danger btn-sm ms-auto"
                onClick={() => setConfirmDelete(true)}
              >
                {t('sites.packages.delete')}
              </button>
            ))}
        </div>
      )}
    </form>
  );
}
