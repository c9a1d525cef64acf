import './audit.scss';
import { useInfiniteQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { AUDIT_TARGET_TYPES, type AuditEntry } from '../../../../common/api/admin/audit';
import { adminAuditEndpoints } from '../../../../common/api/endpoints/admin/audit';
import { formatDate } from '../../../format';
import { adminCall, adminKey } from '../../api';
import { DateRange, type DayRange } from '../../components/DateRange';
import { EmptyState } from '../../components/EmptyState';
import { ErrorAlert } from '../../components/ErrorAlert';
import { Loading } from '../../components/Loading';
import { PageHeader } from '../../components/PageHeader';

/** The families of actions the filter offers (what comes before the dot of an action). */
const FAMILIES = [
  'report',
  'member',
  'photo',
  'payment',
  'site',
  'package',
  'discount_code',
  'gift',
  'complaint',
  'staff',
  'message',
  'promo',
  'direct_debit',
] as const;

type Filter = {
  staff: string;
  action: string;
  target_type: string;
  target_id: string;
  from: string;
  to: string;
};
const FILTER_KEYS: (keyof Filter)[] = ['staff', 'action', 'target_type', 'target_id', 'from', 'to'];

function useAuditLog(filter: Filter) {
  return useInfiniteQuery({
    queryKey: adminKey('audit', filter),
    queryFn: ({ pageParam }) =>
      adminCall(adminAuditEndpoints.list, {
        query: {
          staff_id: filter.staff || undefined,
          action: filter.action || undefined,
          // The address's value as it is: the server refuses one it does not know.
          target_type: (filter.target_type || undefined) as (typeof AUDIT_TARGET_TYPES)[number] | undefined,
          target_id: filter.target_id || undefined,
          from: filter.from || undefined,
          to: filter.to || undefined,
          cursor: pageParam ?? undefined,
        },
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
  });
}

/** A target as a link where the console has a page for it. */
function Target({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation('admin');
  const label = `${t(`audit.targets.${entry.target_type}`, { defaultValue: entry.target_type })} #${entry.target_id}`;
  if (entry.target_type === 'member') return <Link to={`/admin/members/${entry.target_id}`}>{label}</Link>;
  if (entry.target_type === 'report')
    return <Link to={`/admin/moderation/reports/${entry.target_id}`}>{label}</Link>;
  return <>{label}</>;
}

/** A line of details (a number of days, an amount…), as compact `key: value` pairs. */
function Details({ details }: { details: Record<string, unknown> }) {
  const entries = Object.entries(details).filter(
    ([, v]) => v !== null && v !== undefined && v !== '' && !(Array.isArray(v) && v.length === 0),
  );
  if (entries.length === 0) return null;
  return (
    <dl className="admin-audit-details">
      {entries.map(([k, v]) => (
        <div key={k}>
          <dt>{k}</dt>
          <dd>{typeof v === 'object' ? JSON.stringify(v) : String(v)}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * The audit log: every staff action with who, when, what, on what and why, newest first.
 * Read only; the filter lives in the address so a link to a member's actions can be shared.
 */
export default function AuditScreen() {
  const { t, i18n } = useTranslation('admin');
  const id = useId();
  const [params, setParams] = useSearchParams();
  const filter = Object.fromEntries(FILTER_KEYS.map((k) => [k, params.get(k) ?? ''])) as Filter;
  const [targetId, setTargetId] = useState(filter.target_id);
  useEffect(() => setTargetId(filter.target_id), [filter.target_id]);
  const log = useAuditLog(filter);
  const entries = log.data?.pages.flatMap((p) => p.entries) ?? [];
  const staff = log.data?.pages[0]?.staff ?? [];

  const set = (changes: Partial<Filter>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes)) {
      if (v) next.set(k, v);
      else next.delete(k);
    }
    setParams(next, { replace: true });
  };
  const submitTarget = (e: FormEvent) => {
    e.preventDefault();
    set({ target_id: targetId.trim() });
  };
  const when = (iso: string) => formatDate(iso, i18n.language, { dateStyle: 'medium', timeStyle: 'medium' });
  const range: DayRange = { from: filter.from, to: filter.to };
  const filtered = FILTER_KEYS.some((k) => filter[k]);

  return (
    <>
      <PageHeader title={t('audit.title')} subtitle={t('audit.intro')} />
      <form className="admin-toolbar admin-panel" onSubmit={submitTarget} aria-label={t('audit.filters')}>
        <div>
          <label className="form-label" htmlFor={`${id}-staff`}>
            {t('common.staff')}
          </label>
          <select
            id={`${id}-staff`}
            className="form-select form-select-sm"
            value={filter.staff}
            onChange={(e) => set({ staff: e.target.value })}
          >
            <option value="">{t('audit.everyone')}</option>
            {staff.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label className="form-label" htmlFor={`${id}-action`}>
            {t('audit.action')}
          </label>
          <select
            id={`${id}-action`}
            className="form-select form-select-sm"
            value={filter.action}
            onChange={(e) => set({ action: e.target.value })}
          >
            <option value="">{t('audit.allActions')}</option>
            {FAMILIES.map((f) => (
              <option key={f} value={f}>
                {t(`audit.families.${f}`)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label className="form-label" htmlFor={`${id}-type`}>
            {t('audit.targetType')}
          </label>
          <select
            id={`${id}-type`}
            className="form-select form-select-sm"
            value={filter.target_type}
            onChange={(e) => set({ target_type: e.target.value })}
          >
            <option value="">{t('audit.allTargets')}</option>
            {AUDIT_TARGET_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`audit.targets.${type}`)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label className="form-label" htmlFor={`${id}-target`}>
            {t('audit.targetId')}
          </label>
          <div className="input-group input-group-sm">
            <input
              id={`${id}-target`}
              className="form-control"
              inputMode="numeric"
              maxLength={40}
              value={targetId}
              onChange={(e) => setTargetId(e.target.value)}
            />
            <button type="submit" className="btn btn-outline-secondary">
              {t('common.filter')}
            </button>
          </div>
        </div>
        <DateRange
          value={range}
          legend={t('audit.period')}
          onChange={(r) => set({ from: r.from, to: r.to })}
        />
        {filtered && (
          <button
            type="button"
            className="btn btn-sm btn-link"
            onClick={() => setParams({}, { replace: true })}
          >
            {t('common.reset')}
          </button>
        )}
      </form>

      {log.isPending ? (
        <Loading />
      ) : log.isError ? (
        <ErrorAlert error={log.error} onRetry={() => void log.refetch()} />
      ) : entries.length === 0 ? (
        <EmptyState title={filtered ? t('common.noResults') : t('audit.empty')} />
      ) : (
        <>
          <div className="admin-table-wrap">
            <table className="table table-hover admin-audit-table">
              <caption className="visually-hidden">{t('audit.title')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('common.time')}</th>
                  <th scope="col">{t('common.staff')}</th>
                  <th scope="col">{t('audit.action')}</th>
                  <th scope="col">{t('audit.target')}</th>
                  <th scope="col">{t('common.reason')}</th>
                </tr>
              </thead>
              <tbody>
                {entries.map((e) => (
                  <tr key={e.id}>
                    <td className="text-nowrap">
                      <time dateTime={e.created_at}>{when(e.created_at)}</time>
                    </td>
                    <td>
                      {e.staff ? (
                        <>
                          {e.staff.name}
                          <div className="admin-audit-sub">{e.staff.email}</div>
                        </>
                      ) : (
                        <span className="badge text-bg-info">{t('audit.system')}</span>
                      )}
                    </td>
                    <td>
                      <code className="admin-audit-action">{e.action}</code>
                      <div className="admin-audit-sub">
                        {t(`audit.actions.${e.action.replace('.', '_')}`, { defaultValue: '' })}
                      </div>
                    </td>
                    <td className="text-nowrap">
                      <Target entry={e} />
                    </td>
                    <td className="admin-audit-reason">
                      {e.reason ?? '—'}
                      <Details details={e.details} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {log.hasNextPage && (
            <div className="text-center">
              <button
                type="button"
                className="btn btn-outline-secondary"
                disabled={log.isFetchingNextPage}
                onClick={() => void log.fetchNextPage()}
              >
                {log.isFetchingNextPage ? t('common.loading') : t('common.loadMore')}
              </button>
            </div>
          )}
        </>
      )}
    </>
  );
}
