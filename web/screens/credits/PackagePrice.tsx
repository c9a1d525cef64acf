import { useTranslation } from 'react-i18next';
import type { CreditPackage, DiscountCode } from '../../../common/api/payments';
import type { PaymentMethod } from '../../../common/rules/payment-methods';
import { priceFor } from './discount';
import { formatMoney } from './money';

/**
 * A package's price: with a discount, the discounted price, the list price struck through, and the
 * code with its percentage; then the price per message.
 */
export function PackagePrice(props: {
  pkg: CreditPackage;
  method: PaymentMethod | null;
  applied: DiscountCode | null;
}) {
  const { t, i18n } = useTranslation();
  const { pkg } = props;
  const price = priceFor(pkg, props.method, props.applied);
  const money = (cents: number) => formatMoney(cents, pkg.currency, i18n.language);
  // The server's price per message counts the discount; where this method leaves the code out, it does not hold.
  const perMessageHolds = pkg.discounted_price === null || price.code !== null;
  return (
    <div className="credits-price">
      <p className="credits-price-line">
        {price.listPrice !== null && <span className="visually-hidden">{t('credits.price.now')} </span>}
        <span className="credits-price-now">{money(price.amount)}</span>
        {price.listPrice !== null && (
          <>
            {' '}
            <del className="credits-price-was">
              <span className="visually-hidden">{t('credits.price.was')} </span>
              {money(price.listPrice)}
            </del>
          </>
        )}
      </p>
      {price.code && (
        <p className="credits-price-deal">
          {t('credits.price.deal', { percentage: price.percentage, code: price.code })}
        </p>
      )}
      {perMessageHolds && (
        <p className="credits-price-per">
          {t('credits.price.perMessage', { price: money(pkg.price_per_message) })}
        </p>
      )}
    </div>
  );
}
