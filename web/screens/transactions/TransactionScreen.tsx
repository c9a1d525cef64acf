import './transactions.scss';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import type { Payment } from '../../../common/api/payments';
import { IDEAL_ISSUERS } from '../../../common/rules/payment-methods';
import { ApiError } from '../../api/client';
import { useTransaction } from '../../api/payments';
import { useUser } from '../../api/user';
import { formatDate, formatMoney } from '../../format';
import { loginPath } from '../../state/auth';
import { InvoiceDetails } from './InvoiceDetails';
import { RefundPeriod } from './RefundPeriod';
import { StatusBadge } from './StatusBadge';
import { LoadFailed, Placeholder } from './states';

/** /transactions/{id}: one purchase with its payment reference, invoice details and money-back period. */
export default function TransactionScreen() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const { data: user, isPending } = useUser();
  if (!isPending && !user) return <Navigate to={loginPath(`/transactions/${id}`)} replace />;
  return (
    <section className="container tx-page tx-detail">
      <Link to="/transactions" className="tx-back">
        <span aria-hidden="true">‹ </span>
        {t('transactions.detail.back')}
      </Link>
      {user ? <TransactionDetail id={id} /> : <Placeholder rows={2} />}
    </section>
  );
}

/** Another member's purchase and an id that is no purchase at all look the same: not found. */
const notFound = (error: unknown) =>
  error instanceof ApiError && (error.status === 404 || error.status === 400);

function TransactionDetail({ id }: { id: string }) {
  const { t } = useTranslation();
  const query = useTransaction(id);
  if (notFound(query.error)) return <NotFoundState />;
  if (query.isError) return <LoadFailed onRetry={() => void query.refetch()} />;
  if (!query.data) return <Placeholder rows={2} />;
  const { transaction, invoice } = query.data;
  return (
    <>
      <h1>{t('transactions.detail.title')}</h1>
      <PaymentSummary payment={transaction} />
      <InvoiceDetails invoice={invoice} />
      <RefundPeriod days={invoice.refund_days} />
    </>
  );
}

function PaymentSummary({ payment: p }: { payment: Payment }) {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const when = (iso: string) => formatDate(iso, lng, { dateStyle: 'long', timeStyle: 'short' });
  const bank = p.issuer ? (IDEAL_ISSUERS.find((i) => i.id === p.issuer)?.name ?? p.issuer) : null;
  return (
    <section className="tx-card" aria-labelledby="tx-payment">
      <div className="tx-summary">
        <div>
          <h2 id="tx-payment" className="tx-summary-credits">
            {t('transactions.credits', { count: p.credits })}
          </h2>
          <p className="tx-summary-amount">{formatMoney(p.amount, p.currency, lng)}</p>
        </div>
        <StatusBadge status={p.status} />
      </div>
      <dl className="tx-facts">
        <dt>{t('transactions.detail.date')}</dt>
        <dd>
          <time dateTime={p.created_at}>{when(p.created_at)}</time>
        </dd>
        {p.paid_at && (
          <>
            <dt>{t('transactions.detail.paidAt')}</dt>
            <dd>
              <time dateTime={p.paid_at}>{when(p.paid_at)}</time>
            </dd>
          </>
        )}
        <dt>{t('transactions.detail.method')}</dt>
        <dd>
          {t(`paymentMethods.${p.method}`)}
          {bank && <span className="tx-muted"> · {bank}</span>}
          {p.recurring && <span className="tx-muted d-block">{t('transactions.detail.recurring')}</span>}
        </dd>
        {p.discount_code && p.discount_percentage > 0 && (
          <>
            <dt>{t('transactions.detail.discount')}</dt>
            <dd>
              {t('transactions.detail.discountValue', {
                percentage: p.discount_percentage,
                code: p.discount_code,
              })}
            </dd>
          </>
        )}
        <dt>{t('transactions.detail.status')}</dt>
        <dd>{t(`transactions.status.${p.status}`)}</dd>
        <dt>{t('transactions.detail.reference')}</dt>
        <dd>
          <code className="tx-reference">{p.id}</code>
        </dd>
      </dl>
    </section>
  );
}

/** The not-found message, here with the way back to the member's own purchases. */
function NotFoundState() {
  const { t } = useTranslation();
  return (
    <div className="tx-card tx-empty">
      <span className="tx-empty-mark tx-empty-mark--problem" aria-hidden="true">
        ?
      </span>
      <h1>{t('transactions.detail.notFound')}</h1>
      <p>{t('transactions.detail.notFoundText')}</p>
      <Link to="/transactions" className="btn btn-primary">
        {t('transactions.detail.backToList')}
      </Link>
    </div>
  );
}
