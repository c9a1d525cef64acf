import { useTranslation } from 'react-i18next';
import type { CreditPackage, DiscountCode } from '../../../common/api/payments';
import type { PaymentMethod } from '../../../common/rules/payment-methods';
import { PackagePrice } from './PackagePrice';

/**
 * "Your order": the chosen package and what it costs, as quoted for this method once chosen. A code
 * the member entered that this method leaves out is named, so the price does not change without a word.
 */
export function PackageSummary(props: {
  pkg: CreditPackage;
  method: PaymentMethod | null;
  entered: DiscountCode | null;
}) {
  const { t } = useTranslation();
  const { pkg, method, entered } = props;
  const codeLeftOut =
    method !== null &&
    entered !== null &&
    pkg.discount?.code !== entered.code &&
    entered.paymentmethods.length > 0 &&
    !entered.paymentmethods.includes(method);
  return (
    <section className="credits-summary" aria-labelledby="credits-summary-title">
      <h2 id="credits-summary-title" className="credits-summary-title">
        {t('credits.summary.title')}
      </h2>
      <p className="credits-summary-package">
        {t('credits.summary.package', { count: pkg.credits })}
        {pkg.popular && <span className="credits-summary-popular">{t('credits.package.popular')}</span>}
      </p>
      <PackagePrice pkg={pkg} />
      {codeLeftOut && entered && (
        <p className="credits-summary-note">
          {t('credits.summary.codeNotForMethod', {
            code: entered.code,
            method: t(`paymentMethods.${method}`),
          })}
        </p>
      )}
    </section>
  );
}
