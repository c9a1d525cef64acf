import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Payment } from '../../../common/api/payments';
import type { PaymentMethod } from '../../../common/rules/payment-methods';
import type { PriceQuote } from '../../state/price-quote';
import { CARD_METHODS } from './methods';
import { ResultHeading } from './ResultHeading';
import { paymentBody, usePay } from './use-pay';

/**
 * Failed, cancelled or expired: what happened and a retry, a new payment for the same package and
 * method. A declined repeat charge on a stored card offers the card again and PayPal.
 */
export function PaymentFailed({ payment, pricing }: { payment: Payment; pricing: PriceQuote }) {
  const { t } = useTranslation();
  const pay = usePay();
  const recurringCard = payment.recurring && CARD_METHODS.has(payment.method);
  const pkg = pricing.data?.packages.find((p) => p.id === payment.package_id);
  const paypalOffered = pricing.data ? pricing.data.methods.includes('paypal') : true;
  // The retry carries the discount the quote gives the package now (the failed payment let it go).
  const retry = (method: PaymentMethod) =>
    pay.run(paymentBody(payment.package_id, method, payment.issuer, pkg?.discount?.code ?? null));
  // The retry waits for the quote (or its failure) first.
  const busy = pay.busy || (!pricing.data && !pricing.failed);
  const status = payment.status === 'canceled' || payment.status === 'expired' ? payment.status : 'failed';
  return (
    <section className="container credits-page credits-narrow" aria-labelledby="credits-result-title">
      <div className="pay-result is-failed">
        <svg viewBox="0 0 24 24" className="pay-result-icon" aria-hidden="true" focusable="false">
          <path d="M7 7l10 10M17 7 7 17" />
        </svg>
        <ResultHeading>
          {recurringCard ? t('credits.result.recurring.title') : t(`credits.result.${status}.title`)}
        </ResultHeading>
        <p className="pay-result-lead">
          {recurringCard ? t('credits.result.recurring.text') : t(`credits.result.${status}.text`)}
        </p>
        <p className="pay-result-small">{t('credits.result.nothingCharged')}</p>
        {pay.error && (
          <p className="pay-error" role="alert">
            {pay.error}
          </p>
        )}
        <div className="pay-result-actions">
          <button
            type="button"
            className="btn btn-primary"
            disabled={busy}
            onClick={() => retry(payment.method)}
          >
            {pay.leaving ? t('credits.pay.leaving') : t('credits.result.retry')}
          </button>
          {recurringCard && paypalOffered && (
            <button
              type="button"
              className="btn btn-outline-primary"
              disabled={busy}
              onClick={() => retry('paypal')}
            >
              {t('credits.result.recurring.paypal')}
            </button>
          )}
        </div>
        <Link to={`/credits/${payment.package_id}`} className="pay-result-small">
          {t('credits.result.otherMethod')}
        </Link>
      </div>
    </section>
  );
}
