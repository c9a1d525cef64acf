import { useTranslation } from 'react-i18next';
import type { PaymentStatus } from '../../../common/api/payments';

/** The badge's look per status: done, still under way, or not paid. */
const TONE: Record<PaymentStatus, 'paid' | 'waiting' | 'failed' | 'ended'> = {
  paid: 'paid',
  open: 'waiting',
  pending: 'waiting',
  failed: 'failed',
  canceled: 'ended',
  expired: 'ended',
};
const MARK = { paid: '✓', waiting: '…', failed: '!', ended: '–' } as const;

/** A payment's status in words, with a colour and a mark so colour is never the only cue. */
export function StatusBadge({ status }: { status: PaymentStatus }) {
  const { t } = useTranslation();
  const tone = TONE[status];
  return (
    <span className={`tx-status tx-status--${tone}`}>
      <span className="tx-status-mark" aria-hidden="true">
        {MARK[tone]}
      </span>
      {t(`transactions.status.${status}`)}
    </span>
  );
}
