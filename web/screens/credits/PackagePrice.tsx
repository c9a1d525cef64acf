import { useTranslation } from 'react-i18next';
import type { CreditPackage } from '../../../common/api/payments';
import { formatMoney } from './money';

/**
 * A package's price as the server quoted it: with a discount, the discounted price, the list price
 * struck through, and the code with its percentage; then the price per message.
 */
export function PackagePrice({ pkg }: { pkg: CreditPackage }) {
  const { t, i18n } = useTranslation();
  const money = (cents: number) => formatMoney(cents, pkg.currency, i18n.language);
  const discounted = pkg.discount !== null && pkg.discounted_price !== null;
  return (
    <div className="credits-price">
      <p className="credits-price-line">
        {discounted && <span className="visually-hidden">{t('credits.price.now')} </span>}
        <span className="credits-price-now">{money(pkg.discounted_price ?? pkg.price)}</span>
        {discounted && (
          <>
            {' '}
            <del className="credits-price-was">
              <span className="visually-hidden">{t('credits.price.was')} </span>
              {money(pkg.price)}
            </del>
          </>
        )}
      </p>
      {pkg.discount && (
        <p className="credits-price-deal">
          {t('credits.price.deal', { percentage: pkg.discount.value_percentage, code: pkg.discount.code })}
        </p>
      )}
      <p className="credits-price-per">
        {t('credits.price.perMessage', { price: money(pkg.price_per_message) })}
      </p>
    </div>
  );
}
