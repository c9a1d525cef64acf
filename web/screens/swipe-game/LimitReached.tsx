import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate } from '../../format';

/** "in 5 hours" / "in 20 minutes" until an instant, in the member's language. */
function relativeUntil(resetsAt: string, lng: string | undefined, now: number) {
  const minutes = Math.max(1, Math.round((new Date(resetsAt).getTime() - now) / 60_000));
  const rtf = new Intl.RelativeTimeFormat(lng === 'nb' ? 'nb-NO' : (lng ?? 'en'), { numeric: 'auto' });
  return minutes >= 60 ? rtf.format(Math.round(minutes / 60), 'hour') : rtf.format(minutes, 'minute');
}

/**
 * The day's likes are used: when the next ones come. The limit is the same for every member, so
 * premium is offered only to those who have not paid; a paying member is shown where to go on
 * meanwhile.
 */
export function LimitReached({ resetsAt, paid }: { resetsAt: string; paid: boolean }) {
  const { t, i18n } = useTranslation();
  const time = formatDate(resetsAt, i18n.language, { dateStyle: undefined, timeStyle: 'short' });
  return (
    <section className="swipe-limit" aria-labelledby="swipe-limit-title">
      <h2 id="swipe-limit-title">{t('swipeGame.limit.title')}</h2>
      <p>
        {t('swipeGame.limit.when', { time, relative: relativeUntil(resetsAt, i18n.language, Date.now()) })}{' '}
        {t('swipeGame.limit.passing')}
      </p>
      {paid ? (
        <div className="swipe-premium">
          <h3>{t('swipeGame.limit.meanwhileTitle')}</h3>
          <p>{t('swipeGame.limit.meanwhile')}</p>
          <div className="swipe-limit-links">
            <Link to="/members" className="btn btn-primary btn-sm">
              {t('members.title')}
            </Link>
            <Link to="/match-finder" className="btn btn-outline-primary btn-sm">
              {t('matchFinder.title')}
            </Link>
          </div>
        </div>
      ) : (
        <div className="swipe-premium">
          <h3>{t('swipeGame.limit.premiumTitle')}</h3>
          <p>{t('swipeGame.limit.premium')}</p>
        </div>
      )}
    </section>
  );
}
