import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { ReportSummary } from '../../../../common/api/admin/moderation';
import {
  REPORT_REASONS,
  REPORT_STATUSES,
  type ReportReason,
  type ReportStatus,
} from '../../../../common/api/reports';
import { EmptyState } from '../../components/EmptyState';
import { ErrorAlert } from '../../components/ErrorAlert';
import { Loading } from '../../components/Loading';
import { SiteFilter } from '../../components/SiteFilter';
import { type ReportFilter, useReportList } from './api';
import { ReportStatusBadge, useModerationFormat } from './parts';

const oneOf = <T extends string>(list: readonly T[], v: string | null): T | null =>
  v !== null && (list as readonly string[]).includes(v) ? (v as T) : null;

/**
 * The reports: open ones oldest first (the queue), or decided ones newest first, filtered by site
 * and reason. The filter lives in the address, so the way back from a report returns to it.
 */
export function ReportList() {
  const { t } = useTranslation('admin');
  const id = useId();
  const [params, setParams] = useSearchParams();
  const filter: ReportFilter = {
    status: oneOf<ReportStatus>(REPORT_STATUSES, params.get('status')) ?? 'open',
    site: Number(params.get('site')) || null,
    reason: oneOf<ReportReason>(REPORT_REASONS, params.get('reason')),
  };
  const list = useReportList(filter);
  const rows = list.data?.pages.flatMap((p) => p.reports) ?? [];
  const set = (name: string, value: string) => {
    const next = new URLSearchParams(params);
    if (value && !(name === 'status' && value === 'open')) next.set(name, value);
    else next.delete(name);
    setParams(next, { replace: true });
  };

  return (
    <>
      <div className="admin-toolbar">
        <div>
          <label className="form-label" htmlFor={`${id}-status`}>
            {t('common.status')}
          </label>
          <select
            id={`${id}-status`}
            className="form-select form-select-sm"
            value={filter.status}
            onChange={(e) => set('status', e.target.value)}
          >
            {REPORT_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`moderation.statuses.${s}`)}
              </option>
            ))}
          </select>
        </div>
        <SiteFilter
          id={`${id}-site`}
          value={filter.site ?? null}
          onChange={(next) => set('site', next ? String(next) : '')}
        />
        <div>
          <label className="form-label" htmlFor={`${id}-reason`}>
            {t('moderation.reports.reason')}
          </label>
          <select
            id={`${id}-reason`}
            className="form-select form-select-sm"
            value={filter.reason ?? ''}
            onChange={(e) => set('reason', e.target.value)}
          >
            <option value="">{t('moderation.reports.allReasons')}</option>
            {REPORT_REASONS.map((r) => (
              <option key={r} value={r}>
                {t(`reports.reasons.${r}`, { ns: 'translation' })}
              </option>
            ))}
          </select>
        </div>
      </div>
      {list.isPending ? (
        <Loading />
      ) : list.isError ? (
        <ErrorAlert error={list.error} onRetry={() => void list.refetch()} />
      ) : rows.length === 0 ? (
        <EmptyState
          title={t(filter.status === 'open' ? 'moderation.reports.empty.title' : 'common.noResults')}
        >
          {filter.status === 'open' ? t('moderation.reports.empty.text') : null}
        </EmptyState>
      ) : (
        <>
          <ReportTable rows={rows} caption={t('moderation.reports.caption')} />
          {list.hasNextPage && (
            <div className="text-center">
              <button
                type="button"
                className="btn btn-outline-secondary"
                disabled={list.isFetchingNextPage}
                onClick={() => void list.fetchNextPage()}
              >
                {list.isFetchingNextPage ? t('common.loading') : t('common.loadMore')}
              </button>
            </div>
          )}
        </>
      )}
    </>
  );
}

/** Reports as a table: when, where, why, about whom, by whom, and the way to the report's page. */
export function ReportTable(props: { rows: ReportSummary[]; caption: string; compact?: boolean }) {
  const { t } = useTranslation('admin');
  const f = useModerationFormat();
  return (
    <div className="admin-table-wrap">
      <table className="table table-hover admin-report-table">
        <caption className="visually-hidden">{props.caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t('moderation.reports.reported')}</th>
            <th scope="col">{t('moderation.reports.reason')}</th>
            {!props.compact && <th scope="col">{t('moderation.reports.reporter')}</th>}
            {!props.compact && <th scope="col">{t('common.site')}</th>}
            <th scope="col">{t('common.created')}</th>
            <th scope="col">{t('common.status')}</th>
            <th scope="col">
              <span className="visually-hidden">{t('common.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {props.rows.map((r) => (
            <tr key={r.id}>
              <td>
                <span className="fw-semibold">{r.reported.name || t('moderation.reports.gone')}</span>
                <div className="admin-moderation-sub">{t(`moderation.subjects.${r.subject}`)}</div>
              </td>
              <td>
                {t(`reports.reasons.${r.reason}`, { ns: 'translation' })}
                {r.evidence_count > 0 && (
                  <div className="admin-moderation-sub">
                    {t('moderation.reports.evidenceCount', { count: r.evidence_count })}
                  </div>
                )}
              </td>
              {!props.compact && (
                <td>
                  {r.automatic ? (
                    <span className="badge text-bg-info">{t('moderation.reports.automatic')}</span>
                  ) : (
                    (r.reporter?.name ?? t('moderation.reports.gone'))
                  )}
                </td>
              )}
              {!props.compact && <td>{r.site}</td>}
              <td className="text-nowrap">
                <time dateTime={r.created_at}>{f.dateTime(r.created_at)}</time>
              </td>
              <td>
                <ReportStatusBadge status={r.status} action={r.action} />
              </td>
              <td className="text-end">
                <Link
                  className="btn btn-sm btn-outline-primary"
                  to={`/admin/moderation/reports/${r.id}`}
                  aria-label={t('moderation.reports.openLabel', { id: r.id, name: r.reported.name })}
                >
                  {t('common.open')}
                </Link>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
