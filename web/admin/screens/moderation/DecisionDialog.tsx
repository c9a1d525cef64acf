import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DECISION_REASON_MAX,
  DECISION_REASON_MIN,
  type ReportDecisionRequest,
  type ReportResponse,
} from '../../../../common/api/admin/moderation';
import type { ModerationAction } from '../../../../common/api/reports';
import { SUSPENSION_MAX_DAYS } from '../../../../common/constants';
import { ApiError } from '../../api';
import { ReasonDialog } from '../../components/ReasonDialog';
import { useDecideReport } from './api';

/** Suspensions a moderator gives most, one click each. */
const DAY_PRESETS = [1, 3, 7, 30];

/** A problem found before asking the server, shown in the dialog like the server's own. */
const problem = (message: string) => new ApiError(400, { error: 'invalid_input', message });

/**
 * The decision on a report: the moderator's explanation (the statement of reasons the member
 * reads, DECISION_REASON_MIN..MAX characters) and, per action, the days of a suspension or the
 * photo to hide. The other open reports the moderator ticked are decided with it.
 */
export function DecisionDialog(props: {
  action: ModerationAction | null;
  detail: ReportResponse;
  alsoIds: number[];
  onCancel: () => void;
  onDone: (action: ModerationAction) => void;
}) {
  const { t } = useTranslation('admin');
  const id = useId();
  const decide = useDecideReport();
  const { report, member } = props.detail;
  const photos = (member?.photos ?? []).filter((p) => p.status !== 'rejected');
  const [days, setDays] = useState('3');
  const [photoId, setPhotoId] = useState<number | null>(null);
  useEffect(() => {
    if (props.action) {
      setDays('3');
      const reported = report.photo && report.photo.status !== 'rejected' ? report.photo.id : null;
      setPhotoId(reported ?? photos[0]?.id ?? null);
    }
  }, [props.action, report.photo, photos[0]?.id]);

  const action = props.action;
  const name = member?.name || report.reported.name;
  const n = Number(days);
  const daysValid = /^\d{1,3}$/.test(days.trim()) && n >= 1 && n <= SUSPENSION_MAX_DAYS;

  const confirm = async (reason: string) => {
    if (!action) return;
    if (reason.length < DECISION_REASON_MIN)
      throw problem(t('moderation.decision.tooShort', { min: DECISION_REASON_MIN }));
    const base = {
      report_id: report.id,
      reason,
      ...(props.alsoIds.length ? { also_report_ids: props.alsoIds } : {}),
    };
    let body: ReportDecisionRequest;
    if (action === 'suspend') {
      if (!daysValid) throw problem(t('moderation.decision.daysInvalid', { max: SUSPENSION_MAX_DAYS }));
      body = { ...base, action, days: n };
    } else if (action === 'hide_photo') {
      if (photoId === null) throw problem(t('moderation.decision.noPhoto'));
      body = { ...base, action, photo_id: photoId };
    } else body = { ...base, action };
    await decide.mutateAsync(body);
    props.onDone(action);
  };

  const confirmLabel =
    action === 'suspend' && daysValid
      ? t('moderation.actions.suspend.confirmDays', { count: n })
      : action
        ? t(`moderation.actions.${action}.confirm`)
        : '';

  return (
    <ReasonDialog
      open={action !== null}
      title={action ? t(`moderation.actions.${action}.title`, { name }) : ''}
      description={
        action && (
          <>
            <p>{t(`moderation.actions.${action}.description`, { name })}</p>
            {props.alsoIds.length > 0 && (
              <p>{t('moderation.decision.together', { count: props.alsoIds.length })}</p>
            )}
          </>
        )
      }
      reasonLabel={
        action === 'dismiss' ? t('moderation.decision.reasonDismiss') : t('moderation.decision.reasonLabel')
      }
      confirmLabel={confirmLabel}
      maxLength={DECISION_REASON_MAX}
      danger={action === 'ban' || action === 'suspend'}
      onConfirm={confirm}
      onCancel={props.onCancel}
    >
      {action === 'suspend' && (
        <div className="mb-3">
          <label className="form-label" htmlFor={`${id}-days`}>
            {t('moderation.decision.days')}
          </label>
          <div className="admin-days">
            <input
              id={`${id}-days`}
              type="number"
              inputMode="numeric"
              min={1}
              max={SUSPENSION_MAX_DAYS}
              className={`form-control ${daysValid ? '' : 'is-invalid'}`}
              value={days}
              aria-invalid={!daysValid}
              aria-describedby={`${id}-days-hint`}
              onChange={(e) => setDays(e.target.value)}
            />
            <fieldset className="admin-days__presets">
              <legend className="visually-hidden">{t('moderation.decision.presets')}</legend>
              {DAY_PRESETS.map((d) => (
                <button
                  key={d}
                  type="button"
                  className={`btn btn-sm ${n === d ? 'btn-secondary' : 'btn-outline-secondary'}`}
                  aria-pressed={n === d}
                  onClick={() => setDays(String(d))}
                >
                  {t('moderation.decision.daysPreset', { count: d })}
                </button>
              ))}
            </fieldset>
          </div>
          <div className="form-text" id={`${id}-days-hint`}>
            {t('moderation.decision.daysHint', { max: SUSPENSION_MAX_DAYS })}
          </div>
        </div>
      )}
      {action === 'hide_photo' && (
        <fieldset className="mb-3">
          <legend className="form-label">{t('moderation.decision.photo')}</legend>
          {photos.length === 0 ? (
            <p className="text-body-secondary">{t('moderation.decision.noPhoto')}</p>
          ) : (
            <div className="admin-photo-choice">
              {photos.map((p, i) => (
                <label key={p.id} className="admin-photo-choice__item">
                  <input
                    type="radio"
                    name={`${id}-photo`}
                    value={p.id}
                    checked={photoId === p.id}
                    onChange={() => setPhotoId(p.id)}
                  />
                  <img src={p.thumb_url} alt={t('moderation.decision.photoNumber', { number: i + 1 })} />
                  {report.photo?.id === p.id && (
                    <span className="badge text-bg-warning">{t('moderation.decision.reportedPhoto')}</span>
                  )}
                </label>
              ))}
            </div>
          )}
        </fieldset>
      )}
    </ReasonDialog>
  );
}
