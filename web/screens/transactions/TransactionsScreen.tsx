import './transactions.scss';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import type { Payment } from '../../../common/api/payments';
import { useTransactions } from '../../api/payments';
import { useUser } from '../../api/user';
import { formatDate, formatMoney } from '../../format';
import { loginPath } from '../../state/auth';
import { RefundPeriod } from './RefundPeriod';
import { StatusBadge } from './StatusBadge';
import { LoadFailed, Placeholder } from './states';

/** /transactions: every purchase of the member, newest first, each leading to its details. */
export default function TransactionsScreen() {
  const { t } = useTranslation();
  const { data: user, isPending } = useUser();
  if (!isPending && !user) return <Navigate to={loginPath('/transactions')} replace />;
  return (
    <section className="container tx-page" aria-labelledby="tx-title">
      <div className="tx-head">
        <h1 id="tx-title">{t('transactions.title')}</h1>
        <Link to="/credits" className="btn btn-outline-primary tx-head-action">
          {t('transactions.buyCredits')}
        </Link>
      </div>
      {user ? <TransactionList /> : <Placeholder rows={3} />}
    </section>
  );
}

const newestFirst = (list: Payment[]) =>
  [...list].sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at));

function TransactionList() {
  const { t, i18n } = useTranslation();
  const query = useTransactions();
  if (query.isError) return <LoadFailed onRetry={() => void query.refetch()} />;
  if (!query.data) return <Placeholder rows={3} />;
  const { transactions, refund_days } = query.data;
  if (transactions.length === 0) return <EmptyState />;
  return (
    <>
      <p className="tx-intro">{t('transactions.intro')}</p>
      <ul className="tx-list" aria-label={t('transactions.listLabel')}>
        {newestFirst(transactions).map((p) => (
          <li key={p.id}>
            <Link to={`/transactions/${p.id}`} className="tx-row">
              <span className="tx-row-main">
                <span className="tx-row-credits">{t('transactions.credits', { count: p.credits })}</span>
                <span className="tx-row-meta">
                  <time dateTime={p.created_at}>
                    {formatDate(p.created_at, i18n.language, { dateStyle: 'medium' })}
                  </time>
                  <span aria-hidden="true"> · </span>
                  <span className="visually-hidden">, </span>
                  {t(`paymentMethods.${p.method}`)}
                </span>
              </span>
              <span className="tx-row-side">
                <span className="tx-row-amount">{formatMoney(p.amount, p.currency, i18n.language)}</span>
                <StatusBadge status={p.status} />
              </span>
              <span className="tx-row-chevron" aria-hidden="true">
                ›
              </span>
            </Link>
          </li>
        ))}
      </ul>
      <RefundPeriod days={refund_days} />
    </>
  );
}

/** No purchase yet: the way to the credit packages. */
function EmptyState() {
  const { t } = useTranslation();
  return (
    <div className="tx-card tx-empty">
      <span className="tx-empty-mark" aria-hidden="true">
        ★
      </span>
      <h2>{t('transactions.empty.title')}</h2>
      <p>{t('transactions.empty.text')}</p>
      <Link to="/credits" className="btn btn-primary btn-lg">
        {t('transactions.empty.cta')}
      </Link>
    </div>
  );
}
