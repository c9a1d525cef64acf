import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CreditPackage, DiscountCode } from '../../../common/api/payments';
import type { PaymentMethod } from '../../../common/rules/payment-methods';
import { FictionalDisclosure } from '../../components/FictionalDisclosure';
import { BackLink } from './BackLink';
import { IssuerChoice } from './IssuerChoice';
import { MethodIcon } from './MethodIcon';
import { formatMoney } from './money';
import { PackageSummary } from './PackageSummary';
import { paymentBody, usePay } from './use-pay';

/**
 * /credits/{id}/{method}: the order, the bank choice for iDEAL, and the pay button, at the price the
 * server quoted for paying this way; the discount it came from goes with the payment.
 */
export function PayStep(props: { pkg: CreditPackage; method: PaymentMethod; entered: DiscountCode | null }) {
  const { t, i18n } = useTranslation();
  const { pkg, method } = props;
  const [issuer, setIssuer] = useState<string | null>(null);
  const [missing, setMissing] = useState(false);
  const firstIssuer = useRef<HTMLInputElement>(null);
  const pay = usePay();
  const methodName = t(`paymentMethods.${method}`);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (method === 'ideal' && !issuer) {
      setMissing(true);
      firstIssuer.current?.focus();
      return;
    }
    pay.run(paymentBody(pkg.id, method, issuer, pkg.discount?.code ?? null));
  };

  return (
    <section className="container credits-page credits-narrow" aria-labelledby="credits-pay-title">
      <BackLink to={`/credits/${pkg.id}`}>{t('credits.back.methods')}</BackLink>
      <h1 id="credits-pay-title" className="credits-pay-title">
        <MethodIcon method={method} />
        {t('credits.pay.title', { method: methodName })}
      </h1>
      <PackageSummary pkg={pkg} method={method} entered={props.entered} />
      <FictionalDisclosure className="credits-fictional" titled />
      <form className="pay-form" onSubmit={submit} noValidate>
        {method === 'ideal' && (
          <IssuerChoice
            value={issuer}
            onChange={(id) => {
              setIssuer(id);
              setMissing(false);
            }}
            missing={missing}
            firstRef={firstIssuer}
          />
        )}
        {pay.error && (
          <p className="pay-error" role="alert">
            {pay.error}
          </p>
        )}
        <button type="submit" className="btn btn-primary btn-lg pay-button" disabled={pay.busy}>
          {pay.leaving
            ? t('credits.pay.leaving')
            : t('credits.pay.button', {
                amount: formatMoney(pkg.discounted_price ?? pkg.price, pkg.currency, i18n.language),
              })}
        </button>
        <p className="pay-note">{t('credits.pay.note', { method: methodName })}</p>
      </form>
    </section>
  );
}
