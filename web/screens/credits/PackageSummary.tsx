import { useTranslation } from 'react-i18next';
import type { CreditPackage, DiscountCode } from '../../../common/api/payments';
import type { PaymentMethod } from '../../../common/rules/payment-methods';
import { codeFor } from './discount';
import { PackagePrice } from './PackagePrice';

/** "Your order": the chosen package and what it costs with the active discount (by this method, once chosen). */
export function PackageSummary(props: {
  pkg: CreditPackage;
  method: PaymentMethod | null;
  applied: DiscountCode | null;
}) {
  const { t } = useTranslation();
  const { pkg, method, applied } = props;
  // A code that leaves this method out: say so rather than let the price jump without a word.
  const codeLeftOut =
    method !== null &&
    pkg.discounted_price !== null &&
    applied !== null &&
    codeFor(pkg, method, applied) === null;
  return (
    <section className="credits-summary" aria-labelledby="credits-summary-title">
      <h2 id="credits-summary-title" className="credits-summary-title">
        {t('credits.summary.title')}
      </h2>
      <p className="credits-summary-package">
        {t('credits.summary.package', { count: pkg.credits })}
        {pkg.popular && <span className="credits-summary-popular">{t('credits.package.popular')}</span>}
      </p>
      <PackagePrice pkg={pkg} method={method} applied={applied} />
      {codeLeftOut && applied && (
        <p className="credits-summary-note">
          {t('credits.summary.codeNotForMethod', {
            code: applied.code,
            method: t(`paymentMethods.${method}`),
          })}
        </p>
      )}
    </section>
  );
}
