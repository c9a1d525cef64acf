import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Payment } from '../../../common/api/payments';
import { ResultHeading } from './ResultHeading';

/** Open or pending: waiting for the provider; the page updates by itself. */
export function PaymentPending({ payment }: { payment: Payment }) {
  const { t } = useTranslation();
  // A bank transfer waits for the money to arrive, which takes days rather than seconds.
  const transfer = payment.method === 'banktransfer';
  return (
    <section className="container credits-page credits-narrow" aria-labelledby="credits-result-title">
      <div className="pay-result is-pending">
        <span className="pay-result-spinner" aria-hidden="true" />
        <ResultHeading>{t('credits.result.pending.title')}</ResultHeading>
        <p>
          {transfer
            ? t('credits.result.pending.transfer', { count: payment.credits })
            : t('credits.result.pending.text', { count: payment.credits })}
        </p>
        <p className="pay-result-small">{t('credits.result.pending.auto')}</p>
        <div className="pay-result-actions">
          <Link to={`/credits/${payment.package_id}`} className="btn btn-outline-primary">
            {t('credits.result.otherMethod')}
          </Link>
        </div>
      </div>
    </section>
  );
}
