import { useTranslation } from 'react-i18next';

export function Placeholder({ rows }: { rows: number }) {
  return (
    <ul className="reports-cards is-loading" aria-busy="true">
      {Array.from({ length: rows }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to go by
        <li key={i} className="reports-card reports-card-placeholder" />
      ))}
    </ul>
  );
}

export function LoadFailed({ text, onRetry }: { text: string; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="alert alert-warning reports-failed" role="alert">
      <span>{text}</span>
      <button type="button" className="btn btn-sm btn-outline-secondary" onClick={onRetry}>
        {t('reports.list.retry')}
      </button>
    </div>
  );
}
