import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CreditPackage } from '../../../common/api/payments';
import { FictionalDisclosure } from '../../components/FictionalDisclosure';
import { formatMoney } from '../../format';

/** What the member is about to pay for, and what it costs, beside the form. */
export function PackageSummary(props: { pkg: CreditPackage }) {
  const { t, i18n } = useTranslation();
  const { pkg } = props;
  const discount = pkg.discount;
  const money = (cents: number) => formatMoney(cents, pkg.currency, i18n.language);
  const discounted = pkg.discounted_price !== null && pkg.discounted_price < pkg.price;
  return (
    <section className="dd-card dd-summary" aria-labelledby="dd-summary-title">
      <h2 id="dd-summary-title">{t('directDebit.summary.title')}</h2>
      <p className="dd-summary-credits">{t('directDebit.summary.credits', { count: pkg.credits })}</p>
      <p className="dd-summary-price">
        {discounted ? (
          <>
            <span className="visually-hidden">{t('directDebit.summary.listPrice')} </span>
            <s className="dd-summary-was">{money(pkg.price)}</s>{' '}
            <span className="visually-hidden">{t('directDebit.summary.youPay')} </span>
            <strong>{money(pkg.discounted_price ?? pkg.price)}</strong>
          </>
        ) : (
          <strong>{money(pkg.price)}</strong>
        )}
      </p>
      {discounted && discount && (
        <p className="dd-summary-discount">
          {t('directDebit.summary.discount', { percentage: discount.value_percentage, code: discount.code })}
        </p>
      )}
      <p className="dd-summary-per">
        {t('directDebit.summary.perMessage', { price: money(pkg.price_per_message) })}
      </p>
      <p className="dd-summary-method">
        <span>
          {t('directDebit.summary.method')}: <strong>{t('paymentMethods.directdebit')}</strong>
        </span>
        <Link to={`/credits/${pkg.id}`}>{t('directDebit.otherMethod')}</Link>
      </p>
      <FictionalDisclosure className="dd-fictional" />
    </section>
  );
}
