import { useTranslation } from 'react-i18next';
import type { DiscountCode } from '../../../common/api/payments';
import { useMsLeft } from './countdown';
import type { ActiveDiscount } from './discount';
import { clockText, timeLeftParts } from './money';

/**
 * The discount the member did not have to enter: the time bonus with its one-second countdown
 * (SPEC §4), or the welcome discount with its time left in hours or minutes (SPEC §9).
 */
export function AutoDiscountNote({
  active,
  applied,
}: {
  active: ActiveDiscount | null;
  applied: DiscountCode | null;
}) {
  const { t } = useTranslation();
  const msLeft = useMsLeft(active?.endsAt ?? null);
  if (!active || active.source === 'entered' || applied?.code !== active.code) return null;
  const percentage = applied.value_percentage;
  return (
    <aside className={`credits-bonus is-${active.source}`} aria-labelledby="credits-bonus-title">
      <p id="credits-bonus-title" className="credits-bonus-title">
        {active.source === 'timeBonus'
          ? t('credits.bonus.timeBonus', { percentage })
          : t('credits.bonus.welcome', { percentage })}
      </p>
      {msLeft !== null &&
        (active.source === 'timeBonus' ? (
          <p className="credits-bonus-left">
            {t('credits.bonus.endsIn')}{' '}
            <span role="timer" className="credits-bonus-clock">
              {clockText(msLeft)}
            </span>
          </p>
        ) : (
          <p className="credits-bonus-left">
            {(() => {
              const { unit, count } = timeLeftParts(msLeft);
              return t(unit === 'hours' ? 'credits.bonus.hoursLeft' : 'credits.bonus.minutesLeft', { count });
            })()}
          </p>
        ))}
    </aside>
  );
}
