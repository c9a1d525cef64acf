import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PHOTO_NOTE_MAX } from '../../../../common/api/admin/moderation';
import { PHOTO_REJECTION_REASONS, type PhotoRejectionReason } from '../../../../common/api/reports';
import { Dialog } from '../../../components/Dialog';
import { ErrorAlert } from '../../components/ErrorAlert';

/**
 * Rejecting a photo: which rule it breaks (the member is told, in their language) and an optional
 * note in the moderator's words. The photo disappears for everyone once confirmed.
 */
export function RejectPhotoDialog(props: {
  open: boolean;
  /** The member whose photo it is, for the title. */
  name: string;
  thumbUrl: string | null;
  onConfirm: (reason: PhotoRejectionReason, note: string) => Promise<unknown>;
  onCancel: () => void;
}) {
  const { t } = useTranslation('admin');
  const id = useId();
  const [reason, setReason] = useState<PhotoRejectionReason | null>(null);
  const [note, setNote] = useState('');
  const [missing, setMissing] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  useEffect(() => {
    if (props.open) {
      setReason(null);
      setNote('');
      setMissing(false);
      setBusy(false);
      setError(null);
    }
  }, [props.open]);

  const cancel = () => {
    if (!busy) props.onCancel();
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!reason) {
      setMissing(true);
      document.getElementById(`${id}-reason-0`)?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await props.onConfirm(reason, note.trim());
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open={props.open}
      title={t('moderation.photos.rejectTitle', { name: props.name })}
      className="admin-reason-dialog"
      onCancel={cancel}
      onClose={cancel}
      closeLabel={t('common.close')}
    >
      <form noValidate onSubmit={submit} aria-busy={busy}>
        <div className="admin-reject-photo">
          {props.thumbUrl && <img src={props.thumbUrl} alt="" className="admin-reject-photo__thumb" />}
          <fieldset aria-describedby={missing ? `${id}-missing` : `${id}-told`}>
            <legend className="form-label">{t('moderation.photos.rejectReason')}</legend>
            {PHOTO_REJECTION_REASONS.map((code, i) => (
              <div className="form-check" key={code}>
                <input
                  className={`form-check-input ${missing ? 'is-invalid' : ''}`}
                  type="radio"
                  name={`${id}-reason`}
                  id={`${id}-reason-${i}`}
                  value={code}
                  checked={reason === code}
                  data-autofocus={i === 0 ? true : undefined}
                  onChange={() => {
                    setReason(code);
                    setMissing(false);
                  }}
                />
                <label className="form-check-label" htmlFor={`${id}-reason-${i}`}>
                  {t(`moderation.photoReasons.${code}`)}
                </label>
              </div>
            ))}
            {missing ? (
              <div className="invalid-feedback d-block" id={`${id}-missing`}>
                {t('moderation.photos.reasonMissing')}
              </div>
            ) : (
              <div className="form-text" id={`${id}-told`}>
                {t('moderation.photos.reasonTold')}
              </div>
            )}
          </fieldset>
        </div>
        <div className="mb-3">
          <label className="form-label" htmlFor={`${id}-note`}>
            {t('moderation.photos.note')}{' '}
            <span className="text-body-secondary">({t('common.optional')})</span>
          </label>
          <textarea
            id={`${id}-note`}
            className="form-control"
            rows={2}
            maxLength={PHOTO_NOTE_MAX}
            value={note}
            aria-describedby={`${id}-note-hint`}
            onChange={(e) => setNote(e.target.value)}
          />
          <div className="form-text" id={`${id}-note-hint`}>
            {t('moderation.photos.noteHint')}{' '}
            <span className="admin-count">
              {t('common.charCount', { used: note.length, max: PHOTO_NOTE_MAX })}
            </span>
          </div>
        </div>
        <ErrorAlert error={error} />
        <div className="admin-reason-dialog__actions">
          <button type="button" className="btn btn-outline-secondary" onClick={cancel} disabled={busy}>
            {t('common.cancel')}
          </button>
          <button type="submit" className="btn btn-danger" disabled={busy}>
            {busy ? t('common.working') : t('moderation.photos.reject')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
