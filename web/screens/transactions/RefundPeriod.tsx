import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** "Money-back period: {refund_days} days", with the return policy that explains it. */
export function RefundPeriod({ days }: { days: number }) {
  const { t } = useTranslation();
  return (
    <p className="tx-refund">
      <span className="tx-refund-mark" aria-hidden="true">
        ↺
      </span>
      <span>
        {t('transactions.refund', { count: days })}{' '}
        <Link to="/pages/return-policy">{t('transactions.returnPolicy')}</Link>
      </span>
    </p>
  );
}
