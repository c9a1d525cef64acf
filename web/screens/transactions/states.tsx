import { useTranslation } from 'react-i18next';

/** Grey rows in the shape of the content while it loads, hidden from screen readers. */
export function Placeholder({ rows }: { rows: number }) {
  return (
    <div className="tx-placeholder" aria-hidden="true">
      {Array.from({ length: rows }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders, never reordered
        <div key={i} className="tx-placeholder-row" />
      ))}
    </div>
  );
}

/** A load that failed for another reason than "not found": say so and offer to try again. */
export function LoadFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="tx-card tx-failed" role="alert">
      <p>{t('transactions.loadFailed')}</p>
      <button type="button" className="btn btn-outline-primary" onClick={onRetry}>
        {t('transactions.retry')}
      </button>
    </div>
  );
}
