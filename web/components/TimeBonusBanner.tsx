import './TimeBonusBanner.scss';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatCountdown, inMembersArea } from '../../common/rules/time-bonus';
import { useRouteHandle } from '../route-handle';
import { useOfferedDiscount } from '../state/time-bonus';
import { WelcomeBanner } from './WelcomeBanner';

/** The time-bonus bar: the percentage, the hh:mm:ss countdown and the way to credits. */
export function TimeBonusBar({ percent, secondsLeft }: { percent: number; secondsLeft: number }) {
  const { t } = useTranslation();
  return (
    <aside className="offer-banner is-time-bonus" aria-label={t('timeBonus.banner.label')}>
      <div className="container offer-banner-inner">
        <span className="offer-banner-badge" aria-hidden="true">
          {percent}%
        </span>
        <p className="offer-banner-text">
          <strong>{t('timeBonus.banner.title', { percent })}</strong>{' '}
          <span className="offer-banner-time">
            {t('timeBonus.endsIn')}{' '}
            <span role="timer" className="offer-banner-clock">
              {formatCountdown(secondsLeft)}
            </span>
          </span>
        </p>
        <Link to="/credits" className="btn btn-sm offer-banner-cta">
          {t('timeBonus.banner.cta')}
        </Link>
      </div>
    </aside>
  );
}

/**
 * The offer banner of the members area, one at a time: the time bonus while it runs, otherwise the
 * welcome discount while the member has one. The banner slot (BannerSlot.tsx) shows it to
 * non-paid members when nothing more important wants the slot.
 */
export default function TimeBonusBanner() {
  const handle = useRouteHandle();
  const offer = useOfferedDiscount();
  if (!offer || !inMembersArea(handle.name)) return null;
  if (offer.kind === 'time-bonus')
    return <TimeBonusBar percent={offer.percent} secondsLeft={offer.secondsLeft} />;
  return <WelcomeBanner percent={offer.percent} timeLeft={offer.timeLeft} />;
}
