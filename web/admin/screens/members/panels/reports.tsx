import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { MemberRecord } from '../../../../../common/api/admin/members';
import { useMembersFormat } from '../format';

type Report = MemberRecord['reports']['against'][number];

const STATUS_CLASS = { open: 'text-bg-warning', upheld: 'text-bg-danger', dismissed: 'text-bg-secondary' };

function ReportTable(props: {
  title: string;
  id: string;
  other: string;
  rows: Report[];
  empty: string;
  open?: number;
}) {
  const { t } = useTranslation('admin');
  const f = useMembersFormat();
  return (
    <section className="admin-panel" aria-labelledby={props.id}>
      <h2 id={props.id}>
        {props.title}
        {props.open ? (
          <span className="badge text-bg-warning admin-members-h2-badge">
            {t('members.reports.open', { count: props.open })}
          </span>
        ) : null}
      </h2>
      {props.rows.length === 0 ? (
        <p className="text-body-secondary mb-0">{props.empty}</p>
      ) : (
        <div className="table-responsive">
          <table className="table table-sm">
            <thead>
              <tr>
                <th scope="col">{t('common.created')}</th>
                <th scope="col">{t('members.reports.reason')}</th>
                <th scope="col">{t('members.reports.subject')}</th>
                <th scope="col">{props.other}</th>
                <th scope="col">{t('common.status')}</th>
                <th scope="col">{t('members.reports.action')}</th>
              </tr>
            </thead>
            <tbody>
              {props.rows.map((r) => (
                <tr key={r.id}>
                  <td className="text-nowrap">
                    {f.dateTime(r.created_at)}
                    <div className="admin-members-reference">
                      {/* The report's detail, evidence and decision are the moderation screen's. */}
                      <Link to={`/admin/moderation/reports/${r.id}`}>
                        {t('members.reports.number', { id: r.id })}
                      </Link>
                    </div>
                  </td>
                  <td>{t(`reports.reasons.${r.reason}`, { ns: 'translation' })}</td>
                  <td>{t(`members.reports.subjects.${r.subject}`)}</td>
                  <td>
                    {r.automatic
                      ? t('members.reports.automatic')
                      : (r.other.name ??
                        (r.other.id ? t('members.idLabel', { id: r.other.id }) : t('members.reports.gone')))}
                  </td>
                  <td>
                    <span className={`badge ${STATUS_CLASS[r.status]}`}>
                      {t(`members.reports.statuses.${r.status}`)}
                    </span>
                  </td>
                  <td>
                    {r.action ? t(`members.reports.actions.${r.action}`) : '—'}
                    {r.decided_at && (
                      <div className="small text-body-secondary">{f.dateTime(r.decided_at)}</div>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/** Reports against the member and by them, in summary (the moderation screens hold the detail). */
export function ReportsPanel({ member }: { member: MemberRecord }) {
  const { t } = useTranslation('admin');
  const r = member.reports;
  return (
    <>
      <ReportTable
        id="admin-members-reports-against"
        title={t('members.reports.against')}
        open={r.against_open}
        other={t('members.reports.reporter')}
        rows={r.against}
        empty={t('members.reports.noneAgainst')}
      />
      <ReportTable
        id="admin-members-reports-by"
        title={t('members.reports.by')}
        other={t('members.reports.reported')}
        rows={r.by}
        empty={t('members.reports.noneBy')}
      />
    </>
  );
}
