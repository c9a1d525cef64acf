import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { COMPLAINT_STATUSES, type ComplaintStatus } from '../../../../common/api/admin/complaints';
import { EmptyState } from '../../components/EmptyState';
import { ErrorAlert } from '../../components/ErrorAlert';
import { Loading } from '../../components/Loading';
import { PageHeader } from '../../components/PageHeader';
import { SiteFilter } from '../../components/SiteFilter';
import { useComplaints } from './api';
import { NotForwardedBadge, StatusBadge, useComplaintsFormat } from './parts';

const isStatus = (v: string | null): v is ComplaintStatus =>
  (COMPLAINT_STATUSES as readonly string[]).includes(v ?? '');

/**
 * /admin/complaints: complaints from the complaints form, newest first, by state and site (both in
 * the address, so the way back from a complaint returns to the same list).
 */
export function ListPage() {
  const { t } = useTranslation(['admin', 'translation']);
  const f = useComplaintsFormat();
  const id = useId();
  const [params, setParams] = useSearchParams();
  const status = isStatus(params.get('status')) ? (params.get('status') as ComplaintStatus) : null;
  const site = Number(params.get('site')) || null;
  const list = useComplaints(site, status);
  const rows = list.data?.pages.flatMap((p) => p.complaints) ?? [];

  const show = (next: { status?: ComplaintStatus | null; site?: number | null }) => {
    const p = new URLSearchParams(params);
    for (const [key, value] of Object.entries(next)) {
      if (value) p.set(key, String(value));
      else p.delete(key);
    }
    setParams(p);
  };

  return (
    <>
      <PageHeader title={t('complaints.title')} subtitle={t('complaints.intro')} />
      <div className="admin-toolbar complaints-filters">
        <fieldset>
          <legend className="visually-hidden">{t('complaints.filterStatus')}</legend>
          <div className="btn-group">
            {[null, ...COMPLAINT_STATUSES].map((s) => (
              <button
                key={s ?? 'all'}
                type="button"
                className={`btn btn-sm ${status === s ? 'btn-secondary' : 'btn-outline-secondary'}`}
                aria-pressed={status === s}
                onClick={() => show({ status: s })}
              >
                {s ? t(`complaints.status.${s}`) : t('common.all')}
              </button>
            ))}
          </div>
        </fieldset>
        <SiteFilter id={`${id}-site`} value={site} onChange={(next) => show({ site: next })} />
      </div>

      {list.isPending ? (
        <Loading />
      ) : list.isError ? (
        <ErrorAlert error={list.error} onRetry={() => void list.refetch()} />
      ) : rows.length === 0 ? (
        <EmptyState title={t('complaints.none')} />
      ) : (
        <>
          <div className="admin-table-wrap">
            <table className="table table-hover complaints-list">
              <caption className="visually-hidden">{t('complaints.title')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('complaints.columns.received')}</th>
                  <th scope="col">{t('complaints.columns.reference')}</th>
                  <th scope="col">{t('complaints.columns.from')}</th>
                  <th scope="col">{t('complaints.columns.category')}</th>
                  <th scope="col">{t('common.site')}</th>
                  <th scope="col">{t('common.status')}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((c) => (
                  <tr key={c.id}>
                    <td className="text-nowrap">{f.dateTime(c.created_at)}</td>
                    <td>
                      <Link to={`/admin/complaints/${c.id}`} className="complaints-reference">
                        {c.reference}
                      </Link>
                    </td>
                    <td>
                      <div className="complaints-from">{c.name}</div>
                      <div className="complaints-email">{c.email}</div>
                    </td>
                    <td>{t(`translation:complaints.categories.${c.category}`)}</td>
                    <td>{c.site_name}</td>
                    <td>
                      <span className="complaints-badges">
                        <StatusBadge status={c.status} />
                        {!c.forwarded && <NotForwardedBadge />}
                      </span>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {list.hasNextPage && (
            <button
              type="button"
              className="btn btn-outline-secondary"
              onClick={() => void list.fetchNextPage()}
              disabled={list.isFetchingNextPage}
            >
              {list.isFetchingNextPage ? t('common.loading') : t('common.loadMore')}
            </button>
          )}
        </>
      )}
    </>
  );
}
