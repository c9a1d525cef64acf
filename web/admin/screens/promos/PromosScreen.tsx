import './promos.scss';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { AdminPromo, PromoCreateInput } from '../../../../common/api/admin/promos';
import type { AdminSiteSummary } from '../../../../common/api/admin/sites';
import { NICHES } from '../../../../common/constants';
import { ApiError } from '../../api';
import { EmptyState } from '../../components/EmptyState';
import { ErrorAlert } from '../../components/ErrorAlert';
import { Loading } from '../../components/Loading';
import { PageHeader } from '../../components/PageHeader';
import { useConsoleSites } from '../../components/SiteFilter';
import { useCountryName } from '../sites/fields';
import {
  useCreatePromo,
  useDeletePromo,
  useEditPromo,
  usePromoDomains,
  usePromoList,
  useSavePromoDomains,
  useUploadPromoPicture,
} from './api';

const NICHE_IDS = Object.keys(NICHES).map(Number);

/**
 * /admin/promos?site=: partner camera sites' performers shown on a site as labelled ads. The site's
 * allow-list of partner hosts first (a promo may only link there), then its promos with their
 * state and clicks, each edited, switched off or deleted in place. Admins only.
 */
export default function PromosScreen() {
  const { t } = useTranslation('admin');
  const pickerId = useId();
  const [params, setParams] = useSearchParams();
  const sites = useConsoleSites();
  if (sites.isPending) return <Loading />;
  if (sites.isError) return <ErrorAlert error={sites.error} onRetry={() => void sites.refetch()} />;
  const all = sites.data.sites;
  const site =
    all.find((s) => s.id === Number(params.get('site'))) ?? all.find((s) => s.is_default) ?? all[0];
  if (!site) return <EmptyState title={t('sites.none')} />;
  return (
    <div className="promos">
      <PageHeader
        title={t('promos.title')}
        documentTitle={`${site.name} · ${t('promos.title')}`}
        subtitle={t('promos.subtitle')}
        actions={
          <div>
            <label className="form-label" htmlFor={pickerId}>
              {t('common.site')}
            </label>
            <select
              id={pickerId}
              className="form-select form-select-sm"
              value={site.id}
              onChange={(e) => setParams({ site: e.target.value })}
            >
              {all.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name} ({s.domain})
                </option>
              ))}
            </select>
          </div>
        }
      />
      <DomainsPanel key={`domains-${site.id}`} siteId={site.id} />
      <PromoList key={`list-${site.id}`} site={site} />
    </div>
  );
}

/** Field messages of the server: catalog keys (promos.errors.*) per field. */
function fieldErrors(error: unknown): Record<string, string> {
  return error instanceof ApiError && error.body?.fields ? error.body.fields : {};
}

function DomainsPanel({ siteId }: { siteId: number }) {
  const { t } = useTranslation('admin');
  const id = useId();
  const domains = usePromoDomains(siteId);
  const save = useSavePromoDomains(siteId);
  const [text, setText] = useState<string | null>(null);
  const value = text ?? domains.data?.domains.join('\n') ?? '';
  const problem = Object.values(fieldErrors(save.error))[0];
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const list = value
      .split(/[\s,]+/)
      .map((d) => d.trim().toLowerCase())
      .filter(Boolean);
    save.mutate([...new Set(list)], { onSuccess: () => setText(null) });
  };
  return (
    <section className="admin-panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('promos.domains.title')}</h2>
      {domains.isError ? (
        <ErrorAlert error={domains.error} onRetry={() => void domains.refetch()} />
      ) : (
        <form onSubmit={submit} className="promos-domains">
          <label className="form-label" htmlFor={`${id}-list`}>
            {t('promos.domains.label')}
          </label>
          <textarea
            id={`${id}-list`}
            className={`form-control${problem ? ' is-invalid' : ''}`}
            rows={3}
            value={value}
            onChange={(e) => {
              setText(e.target.value);
              save.reset();
            }}
            aria-describedby={`${id}-hint${problem ? ` ${id}-error` : ''}`}
            aria-invalid={Boolean(problem)}
            spellCheck={false}
          />
          <div className="form-text" id={`${id}-hint`}>
            {t('promos.domains.help')}
          </div>
          {problem && (
            <div className="invalid-feedback d-block" id={`${id}-error`}>
              {t(problem, { defaultValue: t('promos.errors.domain') })}
            </div>
          )}
          {save.error && !problem ? <ErrorAlert error={save.error} /> : null}
          <div className="promos-actions">
            <button
              type="submit"
              className="btn btn-primary btn-sm"
              disabled={save.isPending || !domains.data}
            >
              {t('promos.domains.save')}
            </button>
            <span role="status" className="text-success">
              {save.isSuccess ? t('promos.domains.saved') : ''}
            </span>
          </div>
        </form>
      )}
    </section>
  );
}

type Editing = { kind: 'new' } | { kind: 'edit'; promo: AdminPromo } | null;

function PromoList({ site }: { site: AdminSiteSummary }) {
  const { t } = useTranslation('admin');
  const id = useId();
  const promos = usePromoList(site.id);
  const [editing, setEditing] = useState<Editing>(null);
  return (
    <section className="admin-panel" aria-labelledby={`${id}-title`}>
      <div className="promos-heading">
        <h2 id={`${id}-title`}>{t('promos.listTitle', { site: site.name })}</h2>
        {editing === null && (
          <button
            type="button"
            className="btn btn-primary btn-sm"
            onClick={() => setEditing({ kind: 'new' })}
          >
            {t('promos.add')}
          </button>
        )}
      </div>
      {editing && (
        <PromoForm
          key={editing.kind === 'edit' ? editing.promo.id : 'new'}
          site={site}
          promo={editing.kind === 'edit' ? editing.promo : null}
          onDone={() => setEditing(null)}
        />
      )}
      {promos.isPending ? (
        <Loading />
      ) : promos.isError ? (
        <ErrorAlert error={promos.error} onRetry={() => void promos.refetch()} />
      ) : promos.data.promos.length === 0 ? (
        <EmptyState title={t('promos.empty')} />
      ) : (
        <ul className="promos-list">
          {promos.data.promos.map((p) => (
            <PromoRow
              key={p.id}
              promo={p}
              siteId={site.id}
              onEdit={() => setEditing({ kind: 'edit', promo: p })}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

function useDateTime() {
  const { i18n } = useTranslation('admin');
  const format = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  return (iso: string) => format.format(new Date(iso));
}

function PromoRow(props: { promo: AdminPromo; siteId: number; onEdit: () => void }) {
  const { t } = useTranslation('admin');
  const { promo } = props;
  const edit = useEditPromo(props.siteId);
  const remove = useDeletePromo(props.siteId);
  const when = useDateTime();
  const countryName = useCountryName();
  const status = promo.live ? 'live' : promo.enabled ? 'waiting' : 'off';
  const span =
    promo.active_from || promo.active_until
      ? `${promo.active_from ? when(promo.active_from) : '…'} – ${promo.active_until ? when(promo.active_until) : '…'}`
      : t('promos.always');
  const confirmDelete = () => {
    if (globalThis.confirm(t('promos.confirmDelete', { name: promo.name }))) remove.mutate(promo.id);
  };
  return (
    <li className="promos-item">
      <div className="promos-item__picture">
        {promo.thumb_url ? (
          <img src={promo.thumb_url} alt="" width={64} height={80} />
        ) : (
          <span aria-hidden="true">{promo.name.slice(0, 1)}</span>
        )}
      </div>
      <div className="promos-item__body">
        <h3>
          {promo.name}, {promo.age}{' '}
          <span className={`badge promos-status promos-status--${status}`}>
            {t(`promos.status.${status}`)}
          </span>
        </h3>
        <p className="promos-item__url">{promo.url}</p>
        <dl className="promos-item__facts">
          <div>
            <dt>{t('promos.fields.window')}</dt>
            <dd>{span}</dd>
          </div>
          <div>
            <dt>{t('promos.fields.countries')}</dt>
            <dd>
              {promo.countries.length ? promo.countries.map(countryName).join(', ') : t('promos.every')}
            </dd>
          </div>
          <div>
            <dt>{t('promos.fields.niches')}</dt>
            <dd>
              {promo.niches.length
                ? promo.niches.map((n) => t(`sites.niches.${n}`)).join(', ')
                : t('promos.every')}
            </dd>
          </div>
          <div>
            <dt>{t('promos.clicks')}</dt>
            <dd>{promo.clicks}</dd>
          </div>
        </dl>
        <ErrorAlert error={edit.error ?? remove.error} />
      </div>
      <div className="promos-item__actions">
        <button type="button" className="btn btn-outline-secondary btn-sm" onClick={props.onEdit}>
          {t('promos.edit')}
          <span className="visually-hidden"> {promo.name}</span>
        </button>
        <button
          type="button"
          className="btn btn-outline-secondary btn-sm"
          disabled={edit.isPending}
          onClick={() => edit.mutate({ id: promo.id, body: { enabled: !promo.enabled } })}
        >
          {promo.enabled ? t('promos.deactivate') : t('promos.activate')}
          <span className="visually-hidden"> {promo.name}</span>
        </button>
        <button
          type="button"
          className="btn btn-outline-danger btn-sm"
          disabled={remove.isPending}
          onClick={confirmDelete}
        >
          {t('promos.delete')}
          <span className="visually-hidden"> {promo.name}</span>
        </button>
      </div>
    </li>
  );
}

/** An ISO time as a datetime-local control's value, in the browser's time zone. */
function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
const fromLocalInput = (value: string) => (value ? new Date(value).toISOString() : null);

type FormState = {
  name: string;
  age: string;
  text: string;
  url: string;
  countries: string[];
  niches: number[];
  active_from: string;
  active_until: string;
  enabled: boolean;
};

function PromoForm(props: { site: AdminSiteSummary; promo: AdminPromo | null; onDone: () => void }) {
  const { t } = useTranslation('admin');
  const id = useId();
  const countryName = useCountryName();
  const { promo, site } = props;
  const create = useCreatePromo(site.id);
  const edit = useEditPromo(site.id);
  const upload = useUploadPromoPicture(site.id);
  const [file, setFile] = useState<File | null>(null);
  const [state, setState] = useState<FormState>(() => ({
    name: promo?.name ?? '',
    age: promo ? String(promo.age) : '',
    text: promo?.text ?? '',
    url: promo?.url ?? '',
    countries: promo?.countries ?? [],
    niches: promo?.niches ?? [],
    active_from: toLocalInput(promo?.active_from ?? null),
    active_until: toLocalInput(promo?.active_until ?? null),
    enabled: promo?.enabled ?? true,
  }));
  const set = <K extends keyof FormState>(key: K, value: FormState[K]) =>
    setState((s) => ({ ...s, [key]: value }));
  const saving = create.isPending || edit.isPending || upload.isPending;
  const error = create.error ?? edit.error ?? upload.error;
  const saveError = create.error ?? edit.error;
  const fields = fieldErrors(saveError);
  const fieldMessage = (name: string) => {
    const key = Object.entries(fields).find(([f]) => f === name || f.startsWith(`${name}.`))?.[1];
    return key ? t(key, { defaultValue: t('promos.errors.invalid') }) : '';
  };
  // The first field the server refused gets the focus, so its message is read out.
  useEffect(() => {
    const first = Object.keys(fieldErrors(saveError))[0]?.split('.')[0];
    if (first) document.getElementById(`${id}-${first}`)?.focus();
  }, [saveError, id]);
  // The countries offered: the site's, and any a promo already names.
  const countries = [...new Set([...site.countries, ...state.countries])];

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const body: Omit<PromoCreateInput, 'site_id'> = {
      name: state.name,
      age: Number(state.age),
      text: state.text,
      url: state.url,
      countries: state.countries,
      niches: state.niches,
      active_from: fromLocalInput(state.active_from),
      active_until: fromLocalInput(state.active_until),
      enabled: state.enabled,
    };
    try {
      const saved = promo
        ? await edit.mutateAsync({ id: promo.id, body })
        : await create.mutateAsync({ ...body, site_id: site.id });
      if (file) await upload.mutateAsync({ id: saved.promo.id, file });
      props.onDone();
    } catch {
      // Shown with the fields and the alert below.
    }
  };

  const text = (
    name: keyof FormState,
    label: string,
    control: 'input' | 'textarea' = 'input',
    extra = {},
  ) => {
    const message = fieldMessage(name);
    const aria = {
      id: `${id}-${name}`,
      'aria-invalid': Boolean(message),
      'aria-describedby': message ? `${id}-${name}-error` : undefined,
      className: `form-control${message ? ' is-invalid' : ''}`,
      value: state[name] as string,
      ...extra,
    };
    return (
      <div className="promos-field">
        <label className="form-label" htmlFor={aria.id}>
          {label}
        </label>
        {control === 'textarea' ? (
          <textarea {...aria} rows={3} onChange={(e) => set(name, e.target.value as never)} />
        ) : (
          <input {...aria} onChange={(e) => set(name, e.target.value as never)} />
        )}
        {message && (
          <div className="invalid-feedback d-block" id={`${id}-${name}-error`}>
            {message}
          </div>
        )}
      </div>
    );
  };

  return (
    <form className="promos-form" onSubmit={(e) => void submit(e)} aria-labelledby={`${id}-title`} noValidate>
      <h3 id={`${id}-title`}>{promo ? t('promos.editTitle', { name: promo.name }) : t('promos.newTitle')}</h3>
      <div className="promos-form__grid">
        {text('name', t('promos.fields.name'), 'input', { maxLength: 60, autoComplete: 'off' })}
        {text('age', t('promos.fields.age'), 'input', {
          type: 'number',
          min: 18,
          max: 99,
          inputMode: 'numeric',
        })}
        <div className="promos-form__wide">
          {text('text', t('promos.fields.text'), 'textarea', { maxLength: 500 })}
        </div>
        <div className="promos-form__wide">
          {text('url', t('promos.fields.url'), 'input', { type: 'url', inputMode: 'url', spellCheck: false })}
          <div className="form-text">{t('promos.urlHelp')}</div>
        </div>
        <fieldset className="promos-form__wide" id={`${id}-countries`} tabIndex={-1}>
          <legend className="form-label">{t('promos.fields.countries')}</legend>
          <div className="promos-checks">
            {countries.map((c) => (
              <div className="form-check" key={c}>
                <input
                  className="form-check-input"
                  type="checkbox"
                  id={`${id}-country-${c}`}
                  checked={state.countries.includes(c)}
                  onChange={(e) =>
                    set(
                      'countries',
                      e.target.checked ? [...state.countries, c] : state.countries.filter((x) => x !== c),
                    )
                  }
                />
                <label className="form-check-label" htmlFor={`${id}-country-${c}`}>
                  {countryName(c)}
                </label>
              </div>
            ))}
          </div>
          <div className="form-text">{t('promos.noneIsEvery')}</div>
          {fieldMessage('countries') && (
            <div className="invalid-feedback d-block">{fieldMessage('countries')}</div>
          )}
        </fieldset>
        <fieldset className="promos-form__wide" id={`${id}-niches`} tabIndex={-1}>
          <legend className="form-label">{t('promos.fields.niches')}</legend>
          <div className="promos-checks">
            {NICHE_IDS.map((n) => (
              <div className="form-check" key={n}>
                <input
                  className="form-check-input"
                  type="checkbox"
                  id={`${id}-niche-${n}`}
                  checked={state.niches.includes(n)}
                  onChange={(e) =>
                    set(
                      'niches',
                      e.target.checked ? [...state.niches, n] : state.niches.filter((x) => x !== n),
                    )
                  }
                />
                <label className="form-check-label" htmlFor={`${id}-niche-${n}`}>
                  {t(`sites.niches.${n}`)}
                </label>
              </div>
            ))}
          </div>
          <div className="form-text">{t('promos.noneIsEvery')}</div>
          {fieldMessage('niches') && <div className="invalid-feedback d-block">{fieldMessage('niches')}</div>}
        </fieldset>
        {text('active_from', t('promos.fields.activeFrom'), 'input', { type: 'datetime-local' })}
        {text('active_until', t('promos.fields.activeUntil'), 'input', { type: 'datetime-local' })}
        <div className="promos-form__wide form-text">{t('promos.windowHelp')}</div>
        <div className="promos-field">
          <label className="form-label" htmlFor={`${id}-picture`}>
            {t('promos.fields.picture')}
          </label>
          <input
            id={`${id}-picture`}
            className="form-control"
            type="file"
            accept="image/jpeg,image/png,image/webp"
            aria-describedby={`${id}-picture-hint`}
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          />
          <div className="form-text" id={`${id}-picture-hint`}>
            {t('promos.pictureHelp')}
          </div>
        </div>
        <div className="promos-field form-check promos-enabled">
          <input
            className="form-check-input"
            type="checkbox"
            id={`${id}-enabled`}
            checked={state.enabled}
            onChange={(e) => set('enabled', e.target.checked)}
          />
          <label className="form-check-label" htmlFor={`${id}-enabled`}>
            {t('promos.fields.enabled')}
          </label>
        </div>
      </div>
      {error && Object.keys(fields).length === 0 ? <ErrorAlert error={error} /> : null}
      <div className="promos-actions">
        <button type="submit" className="btn btn-primary btn-sm" disabled={saving}>
          {promo ? t('promos.save') : t('promos.create')}
        </button>
        <button type="button" className="btn btn-outline-secondary btn-sm" onClick={props.onDone}>
          {t('common.cancel')}
        </button>
      </div>
    </form>
  );
}
