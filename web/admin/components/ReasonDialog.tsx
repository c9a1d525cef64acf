import { type FormEvent, type ReactNode, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../components/Dialog';
import { ErrorAlert } from './ErrorAlert';

/**
 * A confirmation that asks why (every staff action that changes something is audited with a
 * reason): a required text, confirm and cancel. On the member app's native <dialog>, so focus stays
 * inside it, Escape cancels and the page behind is inert. `onConfirm` gets the trimmed reason; while
 * its promise runs the buttons wait, and what it throws (an ApiError) is shown in the dialog, which
 * stays open. Extra fields (a duration, a choice) go in `children`, above the reason.
 */
export function ReasonDialog(props: {
  open: boolean;
  title: ReactNode;
  /** What will happen, in a sentence. */
  description?: ReactNode;
  confirmLabel: string;
  /** The longest reason the endpoint takes (its schema's max). */
  maxLength: number;
  /** Runs the action; the caller closes the dialog when it succeeds. */
  onConfirm: (reason: string) => unknown;
  onCancel: () => void;
  /** A red confirm button, for what cannot be undone (a ban, a refund). */
  danger?: boolean;
  /** The label of the reason field, when "Reason" is not the word. */
  reasonLabel?: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation('admin');
  const id = useId();
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);

  // Each opening starts empty.
  useEffect(() => {
    if (props.open) {
      setReason('');
      setMissing(false);
      setError(null);
      setBusy(false);
    }
  }, [props.open]);

  const cancel = () => {
    if (!busy) props.onCancel();
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const text = reason.trim();
    if (!text) {
      setMissing(true);
      document.getElementById(`${id}-reason`)?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await props.onConfirm(text);
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open={props.open}
      title={props.title}
      className="admin-reason-dialog"
      onCancel={cancel}
      onClose={cancel}
      closeLabel={t('common.close')}
    >
      <form noValidate onSubmit={submit} aria-busy={busy}>
        {props.description && <div className="admin-reason-dialog__description">{props.description}</div>}
        {props.children}
        <div className="mb-3">
          <label className="form-label" htmlFor={`${id}-reason`}>
            {props.reasonLabel ?? t('common.reason')}
          </label>
          <textarea
            id={`${id}-reason`}
            className={`form-control ${missing ? 'is-invalid' : ''}`}
            rows={3}
            maxLength={props.maxLength}
            value={reason}
            required
            aria-invalid={missing}
            aria-describedby={`${id}-hint${missing ? ` ${id}-error` : ''}`}
            data-autofocus
            onChange={(e) => {
              setReason(e.target.value);
              if (e.target.value.trim()) setMissing(false);
            }}
          />
          {missing ? (
            <div className="invalid-feedback d-block" id={`${id}-error`}>
              {t('common.reasonRequired')}
            </div>
          ) : null}
          <div className="form-text" id={`${id}-hint`}>
            {t('common.reasonHint')}{' '}
            <span className="admin-count">
              {t('common.charCount', { used: reason.length, max: props.maxLength })}
            </span>
          </div>
        </div>
        <ErrorAlert error={error} />
        <div className="admin-reason-dialog__actions">
          <button type="button" className="btn btn-outline-secondary" onClick={cancel} disabled={busy}>
            {t('common.cancel')}
          </button>
          <button
            type="submit"
            className={`btn ${props.danger ? 'btn-danger' : 'btn-primary'}`}
            disabled={busy}
          >
            {busy ? t('common.working') : props.confirmLabel}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
