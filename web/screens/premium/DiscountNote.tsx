import { useTranslation } from 'react-i18next';
import { formatCountdown } from '../../../common/rules/time-bonus';
import { WelcomeTimeLeft } from '../../components/WelcomeBanner';
import type { OfferedDiscount } from '../../state/time-bonus';

/** The discount that runs now, on the premium page: the time bonus with its clock, or the welcome code. */
export function DiscountNote({ offer }: { offer: OfferedDiscount }) {
  const { t } = useTranslation();
  return (
    <div className={`premium-discount is-${offer.kind}`}>
      <span className="premium-discount-percent" aria-hidden="true">
        {offer.percent}%
      </span>
      {offer.kind === 'time-bonus' ? (
        <p>
          <strong>{t('premium.discount.timeBonus', { percent: offer.percent })}</strong>{' '}
          <span className="premium-discount-time">
            {t('timeBonus.endsIn')}{' '}
            <span role="timer" className="premium-discount-clock">
              {formatCountdown(offer.secondsLeft)}
            </span>
          </span>
        </p>
      ) : (
        <p>
          <strong>{t('premium.discount.welcome', { percent: offer.percent })}</strong>{' '}
          <WelcomeTimeLeft timeLeft={offer.timeLeft} />
        </p>
      )}
    </div>
  );
}
