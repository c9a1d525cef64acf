import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import type { MemberNotice, NoticesResponse } from '../../../common/api/reports';
import { useMarkNoticesRead } from '../../api/reports';
import { useSettings } from '../../api/site';
import { formatDate } from '../../format';
import { LoadFailed, Placeholder } from './states';

/**
 * "Decisions about your account": each notice says what was done, on what ground, in the
 * moderator's words where they are the member's to read, until when, and how to appeal. Opening
 * the screen reads them; the ones new on arrival keep their "New" mark while it stays open.
 */
export function NoticeList({ query }: { query: UseQueryResult<NoticesResponse> }) {
  const { t } = useTranslation();
  const titleId = useId();
  const markRead = useMarkNoticesRead();
  const [fresh, setFresh] = useState<Set<number> | null>(null);
  const marked = useRef(false);
  const data = query.data;
  const { hash } = useLocation();
  const section = useRef<HTMLElement>(null);
  // The alert of the member pages links here: the decisions come into view once they are drawn.
  useEffect(() => {
    if (hash === '#notices' && data) section.current?.scrollIntoView({ block: 'start' });
  }, [hash, data]);
  useEffect(() => {
    if (!data || fresh) return;
    setFresh(new Set(data.notices.filter((n) => !n.read).map((n) => n.id)));
    if (data.unread > 0 && !marked.current) {
      marked.current = true;
      markRead.mutate();
    }
  }, [data, fresh, markRead]);

  return (
    <section className="reports-section" id="notices" ref={section} aria-labelledby={titleId}>
      <h2 id={titleId}>{t('notices.title')}</h2>
      {query.isError ? (
        <LoadFailed text={t('notices.loadFailed')} onRetry={() => void query.refetch()} />
      ) : !data ? (
        <Placeholder rows={1} />
      ) : data.notices.length === 0 ? (
        <div className="reports-empty">
          <p className="mb-0">{t('notices.empty')}</p>
        </div>
      ) : (
        <>
          <p className="reports-section-intro">{t('notices.intro')}</p>
          <ul className="reports-cards">
            {data.notices.map((n) => (
              <NoticeCard key={n.id} notice={n} fresh={fresh?.has(n.id) ?? !n.read} />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

function NoticeCard({ notice: n, fresh }: { notice: MemberNotice; fresh: boolean }) {
  const { t, i18n } = useTranslation();
  const settings = useSettings();
  const day = (iso: string) => formatDate(iso, i18n.language, { dateStyle: 'medium' });
  const moment = (iso: string) => formatDate(iso, i18n.language, { dateStyle: 'long', timeStyle: 'short' });
  return (
    <li className={`reports-card notice-card is-${n.kind}${fresh ? ' is-fresh' : ''}`}>
      <div className="reports-card-head">
        <h3 className="reports-card-title">{t(`notices.kind.${n.kind}`)}</h3>
        {fresh && <span className="notice-new">{t('notices.new')}</span>}
        <time className="notice-date" dateTime={n.created_at}>
          {day(n.created_at)}
        </time>
      </div>
      {n.kind === 'statement' && n.action && (
        <p className="notice-what">
          {t(`notices.action.${n.action}`, { until: n.until ? moment(n.until) : '' })}
        </p>
      )}
      {n.kind === 'photo_rejected' && <p className="notice-what">{t('notices.photoRejected')}</p>}
      {n.kind === 'report_decision' && (
        <>
          {n.report && (
            <p className="reports-meta">
              {t('notices.reportAbout', { name: n.report.reported_name, date: day(n.report.created_at) })}
            </p>
          )}
          {n.outcome && <p className="notice-what">{t(`notices.decision.${n.outcome}`)}</p>}
        </>
      )}
      {(n.reason || n.photo_reason) && (
        <dl className="reports-facts">
          <div>
            <dt>{t('notices.reasonLabel')}</dt>
            <dd>
              {n.reason ? t(`reports.reasons.${n.reason}`) : t(`notices.photoReasons.${n.photo_reason}`)}
            </dd>
          </div>
        </dl>
      )}
      {n.note && (
        <div className="notice-note">
          <p className="notice-note-label">{t('notices.noteLabel')}</p>
          <p className="mb-0">{n.note}</p>
        </div>
      )}
      {/* The member acted against and the member who reported may both contest a decision. */}
      <p className="notice-appeal">
        {appealParts(t('notices.appeal', { email: settings.support_email }), settings.support_email)}
      </p>
    </li>
  );
}

/**
 * The appeal sentence with its two links: the catalog marks them `<mail>…</mail>` and
 * `<form>…</form>`. Split by hand rather than with react-i18next's Trans, which would put its HTML
 * parser into the framework chunk every first page downloads.
 */
function appealParts(text: string, email: string): ReactNode[] {
  return text.split(/(<mail>[^<]*<\/mail>|<form>[^<]*<\/form>)/).map((part, i) => {
    const m = /^<(mail|form)>([^<]*)<\/\1>$/.exec(part);
    if (!m) return part;
    return m[1] === 'mail' ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: parts of one fixed sentence, never reordered
      <a key={i} href={`mailto:${email}`}>
        {m[2]}
      </a>
    ) : (
      // biome-ignore lint/suspicious/noArrayIndexKey: parts of one fixed sentence, never reordered
      <Link key={i} to="/complaints">
        {m[2]}
      </Link>
    );
  });
}
