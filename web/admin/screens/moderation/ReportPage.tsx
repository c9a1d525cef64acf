import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { MemberNoticeEntry, ReportResponse } from '../../../../common/api/admin/moderation';
import { MODERATION_ACTIONS, type ModerationAction } from '../../../../common/api/reports';
import { ErrorAlert } from '../../components/ErrorAlert';
import { Loading } from '../../components/Loading';
import { PageHeader } from '../../components/PageHeader';
import { useStaffCan } from '../../staff-context';
import { useReport } from './api';
import { DecisionDialog } from './DecisionDialog';
import { ReportStatusBadge, useModerationFormat } from './parts';
import { ReportTable } from './ReportList';
import { Transcript } from './Transcript';

const BUTTON_CLASS: Record<ModerationAction, string> = {
  warn: 'btn-outline-primary',
  hide_photo: 'btn-outline-primary',
  suspend: 'btn-outline-danger',
  ban: 'btn-danger',
  dismiss: 'btn-outline-secondary',
};

/**
 * A report's page: the report and its evidence as a chat transcript, the reported photo, the
 * member's account and history, the other open reports on them (which a decision may settle too),
 * and for moderators the five decisions, each asking for the statement of reasons.
 */
export function ReportPage() {
  const { t } = useTranslation('admin');
  const reportId = Number(useParams().id) || 0;
  const query = useReport(reportId);
  const [action, setAction] = useState<ModerationAction | null>(null);
  const [also, setAlso] = useState<number[]>([]);
  const [done, setDone] = useState<ModerationAction | null>(null);

  const back = (
    <Link className="btn btn-sm btn-outline-secondary" to="/admin/moderation/reports">
      {t('moderation.report.back')}
    </Link>
  );
  if (query.isPending)
    return (
      <>
        <PageHeader title={t('moderation.report.title', { id: reportId })} actions={back} />
        <Loading />
      </>
    );
  if (query.isError)
    return (
      <>
        <PageHeader title={t('moderation.report.title', { id: reportId })} actions={back} />
        <ErrorAlert error={query.error} onRetry={() => void query.refetch()} />
      </>
    );
  const detail = query.data;
  const { report } = detail;
  return (
    <>
      <PageHeader
        title={t('moderation.report.title', { id: report.id })}
        subtitle={`${t(`reports.reasons.${report.reason}`, { ns: 'translation' })} · ${report.site}`}
        actions={back}
      />
      {done && (
        <div className="alert alert-success admin-moderation-done" role="status">
          <span>{t(`moderation.actions.${done}.saved`)}</span>
          <Link to="/admin/moderation/reports" className="alert-link">
            {t('moderation.report.nextReport')}
          </Link>
        </div>
      )}
      <div className="admin-report-layout">
        <div>
          <ReportFacts detail={detail} />
          <section className="admin-panel" aria-labelledby="report-evidence">
            <h2 id="report-evidence">
              {t('moderation.evidence.title')}{' '}
              <span className="text-body-secondary fw-normal">
                ({t('moderation.reports.evidenceCount', { count: report.evidence.length })})
              </span>
            </h2>
            {report.evidence.length === 0 ? (
              <p className="text-body-secondary mb-0">{t('moderation.evidence.none')}</p>
            ) : (
              <Transcript
                messages={report.evidence}
                reporter={report.reporter?.name || t('moderation.reports.reporter')}
                reported={report.reported.name || t('moderation.reports.reported')}
              />
            )}
          </section>
          {report.photo && (
            <section className="admin-panel" aria-labelledby="report-photo">
              <h2 id="report-photo">{t('moderation.report.photo')}</h2>
              <figure className="admin-report-photo">
                <img
                  src={report.photo.url}
                  alt={t('moderation.report.photoAlt', { name: report.reported.name })}
                />
                <figcaption>
                  {report.photo.status === 'rejected'
                    ? t('moderation.report.photoRejected')
                    : report.photo.premium
                      ? t('moderation.photos.premium')
                      : null}
                </figcaption>
              </figure>
            </section>
          )}
          {report.status === 'open' && <Decide detail={detail} also={also} onChoose={setAction} />}
        </div>
        <aside>
          <MemberPanel detail={detail} />
          {report.status === 'open' && detail.other_open.length > 0 && (
            <OtherOpen detail={detail} also={also} onChange={setAlso} />
          )}
          <History detail={detail} />
        </aside>
      </div>
      <DecisionDialog
        action={action}
        detail={detail}
        alsoIds={also}
        onCancel={() => setAction(null)}
        onDone={(a) => {
          setAction(null);
          setAlso([]);
          setDone(a);
          window.scrollTo({ top: 0 });
        }}
      />
    </>
  );
}

function ReportFacts({ detail }: { detail: ReportResponse }) {
  const { t } = useTranslation('admin');
  const f = useModerationFormat();
  const { report } = detail;
  return (
    <section className="admin-panel" aria-labelledby="report-facts">
      <h2 id="report-facts">{t('moderation.report.facts')}</h2>
      <dl className="admin-facts">
        <dt>{t('common.status')}</dt>
        <dd>
          <ReportStatusBadge status={report.status} action={report.action} />
        </dd>
        <dt>{t('moderation.reports.reason')}</dt>
        <dd>{t(`reports.reasons.${report.reason}`, { ns: 'translation' })}</dd>
        <dt>{t('moderation.report.subject')}</dt>
        <dd>{t(`moderation.subjects.${report.subject}`)}</dd>
        <dt>{t('moderation.reports.reporter')}</dt>
        <dd>
          {report.automatic ? (
            <span className="badge text-bg-info">{t('moderation.reports.automatic')}</span>
          ) : report.reporter?.id ? (
            <Link to={`/admin/members/${report.reporter.id}`}>
              {report.reporter.name || `#${report.reporter.id}`}
            </Link>
          ) : (
            t('moderation.reports.gone')
          )}
        </dd>
        <dt>{t('common.created')}</dt>
        <dd>
          <time dateTime={report.created_at}>{f.dateTime(report.created_at)}</time>
        </dd>
      </dl>
      <h3 className="admin-facts__heading">{t('moderation.report.details')}</h3>
      {report.details ? (
        <p className="admin-report-details">{report.details}</p>
      ) : (
        <p className="text-body-secondary">{t('moderation.report.noDetails')}</p>
      )}
      {report.status !== 'open' && (
        <div className="admin-decision">
          <h3 className="admin-facts__heading">{t('moderation.report.decision')}</h3>
          <p className="mb-1">
            {report.action ? t(`moderation.actions.${report.action}.done`) : '—'}
            {report.decided_at && (
              <>
                {' · '}
                <time dateTime={report.decided_at}>{f.dateTime(report.decided_at)}</time>
              </>
            )}
            {report.decided_by && <> · {report.decided_by.name}</>}
          </p>
          {report.decision_reason && <p className="admin-report-details">{report.decision_reason}</p>}
        </div>
      )}
    </section>
  );
}

function Decide(props: { detail: ReportResponse; also: number[]; onChoose: (a: ModerationAction) => void }) {
  const { t } = useTranslation('admin');
  const can = useStaffCan('moderator');
  const gone = props.detail.member === null;
  // Nothing to hide when every photo of the member is already gone.
  const photos = (props.detail.member?.photos ?? []).some((p) => p.status !== 'rejected');
  const offered = MODERATION_ACTIONS.filter((a) => (gone ? a === 'dismiss' : a !== 'hide_photo' || photos));
  return (
    <section className="admin-panel" aria-labelledby="report-decide">
      <h2 id="report-decide">{t('moderation.decision.title')}</h2>
      {!can ? (
        <p className="text-body-secondary mb-0">{t('moderation.decision.readOnly')}</p>
      ) : (
        <>
          <p className="text-body-secondary">
            {gone ? t('moderation.decision.memberGone') : t('moderation.decision.intro')}
          </p>
          <div className="admin-decide-buttons">
            {offered.map((a) => (
              <button
                key={a}
                type="button"
                className={`btn ${BUTTON_CLASS[a]}`}
                onClick={() => props.onChoose(a)}
              >
                {t(`moderation.actions.${a}.button`)}
              </button>
            ))}
          </div>
        </>
      )}
    </section>
  );
}

function MemberPanel({ detail }: { detail: ReportResponse }) {
  const { t } = useTranslation('admin');
  const f = useModerationFormat();
  const m = detail.member;
  return (
    <section className="admin-panel" aria-labelledby="report-member">
      <h2 id="report-member">{t('moderation.member.title')}</h2>
      {!m ? (
        <p className="text-body-secondary mb-0">{t('moderation.member.gone')}</p>
      ) : (
        <>
          <p className="admin-member-name">
            <Link to={`/admin/members/${m.id}`}>{m.name || `#${m.id}`}</Link>
            <span className="text-body-secondary"> · {m.site}</span>
          </p>
          <p className="admin-member-badges">
            {m.banned ? (
              <span className="badge text-bg-danger">{t('moderation.member.banned')}</span>
            ) : m.status === 'suspended' && m.suspended_until ? (
              <span className="badge text-bg-danger">
                {t('moderation.member.suspendedUntil', { date: f.dateTime(m.suspended_until) })}
              </span>
            ) : (
              <span className="badge text-bg-light">{t(`moderation.member.statuses.${m.status}`)}</span>
            )}
            {m.hidden_by_reports && (
              <span className="badge text-bg-warning">{t('moderation.member.hidden')}</span>
            )}
            {m.deleted && <span className="badge text-bg-secondary">{t('moderation.member.deleted')}</span>}
          </p>
          <dl className="admin-facts">
            <dt>{t('moderation.member.since')}</dt>
            <dd>{f.date(m.signup_date)}</dd>
            <dt>{t('moderation.member.emailConfirmed')}</dt>
            <dd>{m.email_confirmed ? t('common.yes') : t('common.no')}</dd>
            <dt>{t('moderation.member.photos')}</dt>
            <dd>{f.number(m.photo_count)}</dd>
          </dl>
          {m.photos.length > 0 && (
            <ul className="admin-member-photos" aria-label={t('moderation.member.photos')}>
              {m.photos.map((p, i) => (
                <li key={p.id} className={p.status === 'rejected' ? 'is-rejected' : undefined}>
                  <img
                    src={p.thumb_url}
                    alt={t(
                      p.status === 'rejected'
                        ? 'moderation.member.photoRejected'
                        : 'moderation.decision.photoNumber',
                      {
                        number: i + 1,
                      },
                    )}
                    loading="lazy"
                  />
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}

function OtherOpen(props: { detail: ReportResponse; also: number[]; onChange: (ids: number[]) => void }) {
  const { t } = useTranslation('admin');
  const can = useStaffCan('moderator');
  const f = useModerationFormat();
  const others = props.detail.other_open;
  return (
    <section className="admin-panel" aria-labelledby="report-others">
      <h2 id="report-others">{t('moderation.others.title', { count: others.length })}</h2>
      {can && <p className="text-body-secondary small">{t('moderation.others.intro')}</p>}
      <ul className="admin-others">
        {others.map((r) => {
          const label = (
            <>
              <span className="fw-semibold">{t(`reports.reasons.${r.reason}`, { ns: 'translation' })}</span>
              <span className="admin-moderation-sub">
                {r.automatic ? t('moderation.reports.automatic') : r.reporter?.name} · {f.date(r.created_at)}
              </span>
            </>
          );
          return (
            <li key={r.id}>
              {can ? (
                <div className="form-check">
                  <input
                    className="form-check-input"
                    type="checkbox"
                    id={`other-${r.id}`}
                    checked={props.also.includes(r.id)}
                    onChange={(e) =>
                      props.onChange(
                        e.target.checked ? [...props.also, r.id] : props.also.filter((x) => x !== r.id),
                      )
                    }
                  />
                  <label className="form-check-label" htmlFor={`other-${r.id}`}>
                    {label}
                  </label>
                </div>
              ) : (
                <div>{label}</div>
              )}
              <Link to={`/admin/moderation/reports/${r.id}`} className="small">
                {t('moderation.others.open', { id: r.id })}
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function Notice({ n }: { n: MemberNoticeEntry }) {
  const { t } = useTranslation('admin');
  const f = useModerationFormat();
  const what =
    n.kind === 'photo_rejected'
      ? t('moderation.history.photoRejected')
      : n.action
        ? t(`moderation.actions.${n.action}.done`)
        : t(`moderation.history.kinds.${n.kind}`);
  return (
    <li>
      <div>
        <span className="fw-semibold">{what}</span>
        {n.until && <span> · {t('moderation.history.until', { date: f.dateTime(n.until) })}</span>}
      </div>
      <div className="admin-moderation-sub">
        <time dateTime={n.created_at}>{f.dateTime(n.created_at)}</time>
      </div>
      {n.note && <p className="admin-history-note">{n.note}</p>}
    </li>
  );
}

function History({ detail }: { detail: ReportResponse }) {
  const { t } = useTranslation('admin');
  const { reports, notices } = detail.history;
  return (
    <section className="admin-panel" aria-labelledby="report-history">
      <h2 id="report-history">{t('moderation.history.title')}</h2>
      <h3 className="admin-facts__heading">{t('moderation.history.reports')}</h3>
      {reports.length === 0 ? (
        <p className="text-body-secondary">{t('moderation.history.noReports')}</p>
      ) : (
        <ReportTable rows={reports} caption={t('moderation.history.reports')} compact />
      )}
      <h3 className="admin-facts__heading">{t('moderation.history.notices')}</h3>
      {notices.length === 0 ? (
        <p className="text-body-secondary mb-0">{t('moderation.history.noNotices')}</p>
      ) : (
        <ul className="admin-history">
          {notices.map((n) => (
            <Notice key={n.id} n={n} />
          ))}
        </ul>
      )}
    </section>
  );
}
