import { useTranslation } from 'react-i18next';
import type { CreditPackage } from '../../../common/api/payments';
import type { RunningDiscount } from '../../state/price-quote';
import { useMsLeft } from './countdown';
import { clockText, timeLeftParts } from './money';

/**
 * The discount the member did not have to enter, as the quote gives it: the time bonus with its
 * one-second countdown, or the welcome discount with its time left in hours or minutes, while it
 * lowers a package; held by a payment the member has not finished, a note that says so.
 */
export function AutoDiscountNote({
  automatic,
  packages,
}: {
  automatic: RunningDiscount | null;
  packages: readonly CreditPackage[];
}) {
  const { t } = useTranslation();
  const lowers = automatic !== null && packages.some((p) => p.discount?.code === automatic.code);
  const msLeft = useMsLeft(lowers ? (automatic?.endsAt ?? null) : null);
  if (!automatic) return null;
  const percentage = automatic.value_percentage;
  if (automatic.reserved)
    return (
      <aside className="credits-bonus is-reserved">
        <p className="credits-bonus-left">{t('credits.bonus.reserved', { percentage })}</p>
      </aside>
    );
  if (!lowers) return null;
  const source = automatic.source === 'time_bonus' ? 'timeBonus' : 'welcome';
  return (
    <aside className={`credits-bonus is-${source}`} aria-labelledby="credits-bonus-title">
      <p id="credits-bonus-title" className="credits-bonus-title">
        {t(`credits.bonus.${source}`, { percentage })}
      </p>
      {msLeft !== null &&
        (source === 'timeBonus' ? (
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
