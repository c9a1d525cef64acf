import { useTranslation } from 'react-i18next';

/** A calm "Loading…" with a spinner, announced politely to screen readers. */
export function Loading(props: { label?: string }) {
  const { t } = useTranslation('admin');
  return (
    <div className="admin-loading" role="status">
      <span className="spinner-border spinner-border-sm" aria-hidden="true" />
      <span>{props.label ?? t('common.loading')}</span>
    </div>
  );
}
