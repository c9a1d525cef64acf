import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CreditPackage, DiscountCode } from '../../../common/api/payments';
import type { PaymentMethod } from '../../../common/rules/payment-methods';
import { FictionalDisclosure } from '../../components/FictionalDisclosure';
import { BackLink } from './BackLink';
import { MethodIcon } from './MethodIcon';
import { HINTED_METHODS, methodPath } from './methods';
import { PackageSummary } from './PackageSummary';

/** /credits/{id}: the order, then the methods of the payment country as large, labelled choices. */
export function MethodChoice(props: {
  pkg: CreditPackage;
  methods: PaymentMethod[];
  entered: DiscountCode | null;
}) {
  const { t } = useTranslation();
  const { pkg } = props;
  return (
    <section className="container credits-page credits-narrow" aria-labelledby="credits-method-title">
      <BackLink to="/credits">{t('credits.back.packages')}</BackLink>
      <h1 id="credits-method-title">{t('credits.method.title')}</h1>
      <PackageSummary pkg={pkg} method={null} entered={props.entered} />
      <FictionalDisclosure className="credits-fictional" titled />
      <h2 id="credits-methods-list" className="credits-section-title">
        {t('credits.method.listTitle')}
      </h2>
      {props.methods.length === 0 ? (
        <p>{t('credits.method.none')}</p>
      ) : (
        <ul className="pay-methods" aria-labelledby="credits-methods-list">
          {props.methods.map((method) => (
            <li key={method}>
              <Link to={methodPath(pkg.id, method, props.entered?.code ?? null)} className="pay-method">
                <MethodIcon method={method} />
                <span className="pay-method-text">
                  <span className="pay-method-name">{t(`paymentMethods.${method}`)}</span>
                  {HINTED_METHODS.has(method) && (
                    <span className="pay-method-hint">
                      {method === 'creditcard'
                        ? t('paymentMethods.cardBrands')
                        : t(`credits.methodHint.${method}`)}
                    </span>
                  )}
                </span>
                <span className="pay-method-chevron" aria-hidden="true">
                  ›
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
