import './WelcomeBanner.scss';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { OfferedDiscount } from '../state/time-bonus';

type Props = { percent: number; timeLeft: Extract<OfferedDiscount, { kind: 'welcome' }>['timeLeft'] };

/** The time left of the welcome discount: hours, or minutes under an hour. */
export function WelcomeTimeLeft({ timeLeft }: Pick<Props, 'timeLeft'>) {
  const { t } = useTranslation();
  if (!timeLeft) return null;
  return (
    <span className="welcome-time-left">
      {timeLeft.unit === 'hours'
        ? t('welcome.hoursLeft', { count: timeLeft.count })
        : t('welcome.minutesLeft', { count: timeLeft.count })}
    </span>
  );
}

/**
 * The welcome-bonus banner: a new non-paid member's welcome
 * discount, the time left of it, and the way to credits. Shown by the offer banner
 * (TimeBonusBanner) when no time bonus runs.
 */
export function WelcomeBanner({ percent, timeLeft }: Props) {
  const { t } = useTranslation();
  return (
    <aside className="offer-banner is-welcome" aria-label={t('welcome.banner.label')}>
      <div className="container offer-banner-inner">
        <span className="offer-banner-badge" aria-hidden="true">
          {percent}%
        </span>
        <p className="offer-banner-text">
          <strong>{t('welcome.banner.title', { percent })}</strong> <WelcomeTimeLeft timeLeft={timeLeft} />
        </p>
        <Link to="/credits" className="btn btn-sm offer-banner-cta">
          {t('welcome.banner.cta')}
        </Link>
      </div>
    </aside>
  );
}
