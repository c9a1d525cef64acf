import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { MyReport } from '../../../common/api/reports';
import { useMyReports } from '../../api/reports';
import { formatDate } from '../../format';
import { LoadFailed, Placeholder } from './states';

/** The member's own reports, newest first, with their state and, once made, the decision. */
export function ReportList({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation();
  const titleId = useId();
  const query = useMyReports(enabled);
  const reports = query.data?.pages.flatMap((p) => p.reports) ?? [];
  return (
    <section className="reports-section" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('reports.list.listLabel')}</h2>
      {query.isError ? (
        <LoadFailed text={t('reports.list.loadFailed')} onRetry={() => void query.refetch()} />
      ) : !query.data ? (
        <Placeholder rows={2} />
      ) : reports.length === 0 ? (
        <div className="reports-empty">
          <p className="reports-empty-title">{t('reports.list.empty')}</p>
          <p className="mb-0">{t('reports.list.emptyText')}</p>
        </div>
      ) : (
        <>
          <ul className="reports-cards">
            {reports.map((r) => (
              <ReportCard key={r.id} report={r} />
            ))}
          </ul>
          {query.hasNextPage && (
            <button
              type="button"
              className="btn btn-outline-secondary reports-more"
              disabled={query.isFetchingNextPage}
              onClick={() => void query.fetchNextPage()}
            >
              {t('reports.list.more')}
            </button>
          )}
        </>
      )}
    </section>
  );
}

function ReportCard({ report: r }: { report: MyReport }) {
  const { t, i18n } = useTranslation();
  const date = (iso: string) => formatDate(iso, i18n.language, { dateStyle: 'medium' });
  return (
    <li className="reports-card">
      <div className="reports-card-head">
        <h3 className="reports-card-title">{r.reported_name}</h3>
        <span className={`reports-status is-${r.status}`}>{t(`reports.status.${r.status}`)}</span>
      </div>
      <dl className="reports-facts">
        <div>
          <dt>{t('reports.list.subjectLabel')}</dt>
          <dd>{t(`reports.subjects.${r.subject}`)}</dd>
        </div>
        <div>
          <dt>{t('reports.list.reasonLabel')}</dt>
          <dd>{t(`reports.reasons.${r.reason}`)}</dd>
        </div>
      </dl>
      <p className="reports-meta">
        <time dateTime={r.created_at}>{t('reports.list.sentOn', { date: date(r.created_at) })}</time>
        {r.evidence_count > 0 && (
          <>
            <span aria-hidden="true"> · </span>
            <span className="visually-hidden">, </span>
            {t('reports.list.evidence', { number: r.evidence_count })}
          </>
        )}
      </p>
      {r.details && (
        <blockquote className="reports-words">
          <span className="visually-hidden">{t('reports.list.yourWords')}: </span>
          {r.details}
        </blockquote>
      )}
      <div className={`reports-decision is-${r.status}`}>
        {r.status === 'open' ? (
          <p className="mb-0">{t('reports.list.pending')}</p>
        ) : (
          <>
            {r.decided_at && (
              <p className="reports-decision-date">
                {t('reports.list.decision', { date: date(r.decided_at) })}
              </p>
            )}
            <p className="mb-0">{t(`notices.decision.${r.status}`)}</p>
          </>
        )}
      </div>
    </li>
  );
}
