import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Payment } from '../../../common/api/payments';
import { useTransactions } from '../../api/payments';
import { useUser } from '../../api/user';
import { setEnteredCode, useEnteredCode } from '../../state/entered-code';
import { ResultHeading } from './ResultHeading';

/**
 * Paid: the credits added, the new balance, and, after the first purchase, that premium is now
 * active (the first purchase makes a member premium). The user and the transactions were
 * fetched again when the payment was seen paid (usePayment).
 */
export function PaymentPaid({ payment }: { payment: Payment }) {
  const { t } = useTranslation();
  const { data: user } = useUser();
  const transactions = useTransactions();
  const entered = useEnteredCode();
  // A code is good once per member: the one just used goes, so the next visit does not offer it.
  useEffect(() => {
    if (entered && payment.discount_code === entered) setEnteredCode(null);
  }, [entered, payment.discount_code]);
  const paidCount = transactions.data?.transactions.filter((p) => p.status === 'paid').length;
  const firstPurchase = Boolean(user?.paid_user) && paidCount === 1;
  return (
    <section className="container credits-page credits-narrow" aria-labelledby="credits-result-title">
      <div className="pay-result is-paid">
        <svg viewBox="0 0 24 24" className="pay-result-icon" aria-hidden="true" focusable="false">
          <path d="m5 12.5 4.5 4.5L19 7.5" />
        </svg>
        <ResultHeading>{t('credits.result.paid.title')}</ResultHeading>
        <p className="pay-result-lead">{t('credits.result.paid.added', { count: payment.credits })}</p>
        {user && (
          <p className="pay-result-balance">{t('credits.result.paid.balance', { count: user.credits })}</p>
        )}
        {firstPurchase && (
          <div className="pay-result-premium">
            <h2>{t('credits.result.paid.premiumTitle')}</h2>
            <p>{t('credits.result.paid.premiumText')}</p>
          </div>
        )}
        <div className="pay-result-actions">
          <Link to="/chats" className="btn btn-primary">
            {t('credits.result.paid.chats')}
          </Link>
          <Link to="/members" className="btn btn-outline-primary">
            {t('credits.result.paid.search')}
          </Link>
        </div>
        <Link to={`/transactions/${payment.id}`} className="pay-result-small">
          {t('credits.result.paid.receipt')}
        </Link>
      </div>
    </section>
  );
}
