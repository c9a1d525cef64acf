import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';

/** The text of an error for staff: the server's message (already in the chosen language) or ours. */
export function useErrorText() {
  const { t } = useTranslation('admin');
  return (error: unknown): string => {
    if (error instanceof ApiError) return error.body?.message ?? t('common.errorUnknown');
    if (error instanceof TypeError) return t('common.errorNetwork');
    return t('common.errorUnknown');
  };
}

/**
 * An error a console call answered with, as an alert: the server's message, e.g. "Your role in the
 * console does not allow this." for 403 staff_role_required. Nothing when there is no error.
 */
export function ErrorAlert(props: { error: unknown; onRetry?: () => void; className?: string }) {
  const { t } = useTranslation('admin');
  const text = useErrorText();
  if (!props.error) return null;
  return (
    <div role="alert" className={`alert alert-danger admin-error ${props.className ?? ''}`}>
      <span>{text(props.error)}</span>
      {props.onRetry && (
        <button type="button" className="btn btn-sm btn-outline-danger" onClick={props.onRetry}>
          {t('common.retry')}
        </button>
      )}
    </div>
  );
}
