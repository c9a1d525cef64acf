import './report.scss';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ChatMessage } from '../../../common/api/chats';
import {
  REPORT_DETAILS_MAX,
  REPORT_REASONS,
  type ReportForm,
  type ReportSubject,
  reportForm,
} from '../../../common/api/reports';
import { REPORT_EVIDENCE_MAX } from '../../../common/constants';
import { ApiError } from '../../api/client';
import { useFileReport } from '../../api/reports';
import { formatDate } from '../../format';
import { Dialog } from '../Dialog';
import { Field, useFieldMessage } from '../FormField';

/** Who is reported, and what the place the dialog opens from knows of them. */
export type ReportTarget = {
  id: number;
  name: string;
  /** Their photos as the reporter sees them (from the profile): the photo subject. */
  photos?: { id: number; thumb: string }[];
  /**
   * Their messages in the chat with the reporter, newest first (from the chat): the messages
   * subject. Undefined where the dialog does not open from a chat.
   */
  messages?: ChatMessage[];
};

type Values = ReportForm & { message_ids: number[] };

/**
 * Report a member, one of their photos or their messages: what, why, in the member's own
 * words, and as evidence the messages they tick or the chat's last ones (their consent). Then a
 * confirmation that points to "My reports". The schema is the server's.
 */
export default function ReportDialog({
  open,
  target,
  subject,
  photoId,
  onClose,
}: {
  open: boolean;
  target: ReportTarget;
  subject?: ReportSubject;
  photoId?: number;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const file = useFileReport();
  const done = file.isSuccess;
  const close = () => {
    if (file.isPending) return;
    onClose();
  };
  return (
    <Dialog
      open={open}
      title={done ? t('reports.dialog.doneTitle') : t('reports.dialog.title', { name: target.name })}
      onCancel={close}
      onClose={close}
      closeLabel={t('reports.dialog.close')}
      className="report-dialog"
    >
      {done ? (
        <Confirmation onClose={close} />
      ) : (
        <ReportFormBody target={target} subject={subject} photoId={photoId} file={file} onCancel={close} />
      )}
    </Dialog>
  );
}

function Confirmation({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="report-done" role="status">
      <span className="report-done-icon" aria-hidden="true">
        <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true">
          <path d="m5 12.5 4.5 4.5L19 7.5" />
        </svg>
      </span>
      <p>{t('reports.dialog.doneText')}</p>
      <div className="report-actions">
        <Link to="/reports" className="btn btn-outline-secondary" onClick={onClose}>
          {t('reports.dialog.myReports')}
        </Link>
        <button type="button" className="btn btn-primary" onClick={onClose} data-autofocus>
          {t('reports.dialog.close')}
        </button>
      </div>
    </div>
  );
}

function ReportFormBody({
  target,
  subject: initialSubject,
  photoId,
  file,
  onCancel,
}: {
  target: ReportTarget;
  subject?: ReportSubject;
  photoId?: number;
  file: ReturnType<typeof useFileReport>;
  onCancel: () => void;
}) {
  const { t, i18n } = useTranslation();
  const fieldMessage = useFieldMessage();
  const ids = useId();
  const id = (name: string) => `${ids}-${name}`;
  const subjects: ReportSubject[] = [
    ...(target.messages ? (['messages'] as const) : []),
    'member',
    ...(target.photos?.length ? (['photo'] as const) : []),
  ];
  const form = useForm<Values>({
    resolver: zodResolver(reportForm) as never,
    defaultValues: {
      member_id: target.id,
      subject:
        initialSubject && subjects.includes(initialSubject) ? initialSubject : (subjects[0] ?? 'member'),
      details: '',
      photo_id: photoId ?? target.photos?.[0]?.id,
      message_ids: [],
      last_messages: false,
    },
  });
  const { errors } = form.formState;
  const subject = form.watch('subject');
  const reason = form.watch('reason');
  const chosenPhoto = form.watch('photo_id');
  const chosenMessages = form.watch('message_ids');
  const lastMessages = form.watch('last_messages') ?? false;
  const [selectedMessages, setSelectedMessages] = useState<Set<number>>(new Set());

  const toggleMessage = (messageId: number, on: boolean) => {
    const next = new Set(selectedMessages);
    if (on) next.add(messageId);
    else next.delete(messageId);
    setSelectedMessages(next);
    form.setValue('message_ids', [...next], { shouldValidate: form.formState.isSubmitted });
  };

  const submit = form.handleSubmit((values) => {
    const body: ReportForm = {
      member_id: target.id,
      subject: values.subject,
      reason: values.reason,
      details: values.details,
      ...(values.subject === 'photo' ? { photo_id: values.photo_id } : {}),
      ...(values.subject === 'messages'
        ? values.last_messages
          ? { last_messages: true }
          : { message_ids: values.message_ids }
        : {}),
    };
    file.mutate(body, {
      onError: (err) => {
        const fields = err instanceof ApiError ? Object.entries(err.body?.fields ?? {}) : [];
        for (const [name, message] of fields)
          form.setError(name as keyof Values, { type: 'server', message }, { shouldFocus: true });
      },
    });
  });

  const problem = (() => {
    const err = file.error;
    if (!err) return null;
    if (!(err instanceof ApiError)) return t('reports.dialog.failed');
    if (Object.keys(err.body?.fields ?? {}).length > 0) return null;
    return err.message;
  })();
  const detailsRequired = reason === 'other';
  const messagesError = fieldMessage(errors.message_ids as never);
  const photoError = fieldMessage(errors.photo_id);
  const reasonError = fieldMessage(errors.reason);
  const detailsError = fieldMessage(errors.details);
  const full = selectedMessages.size >= REPORT_EVIDENCE_MAX;

  return (
    <form className="report-form" noValidate onSubmit={submit} aria-busy={file.isPending}>
      <p className="report-intro">{t('reports.dialog.intro', { name: target.name })}</p>

      {subjects.length > 1 && (
        <fieldset className="report-fieldset">
          <legend className="form-label">{t('reports.dialog.subjectLegend')}</legend>
          <div className="report-choices is-inline">
            {subjects.map((s) => (
              <div className="form-check" key={s}>
                <input
                  className="form-check-input"
                  type="radio"
                  id={id(`subject-${s}`)}
                  value={s}
                  {...form.register('subject')}
                />
                <label className="form-check-label" htmlFor={id(`subject-${s}`)}>
                  {t(
                    s === 'member'
                      ? 'reports.dialog.subjectMember'
                      : s === 'photo'
                        ? 'reports.dialog.subjectPhoto'
                        : 'reports.dialog.subjectMessages',
                  )}
                </label>
              </div>
            ))}
          </div>
        </fieldset>
      )}

      {subject === 'photo' && target.photos && (
        <fieldset className="report-fieldset" aria-describedby={photoError ? id('photo-error') : undefined}>
          <legend className="form-label">{t('reports.dialog.photoLegend')}</legend>
          <div className="report-photos">
            {target.photos.map((photo, i) => (
              <label
                key={photo.id}
                className={`report-photo ${chosenPhoto === photo.id ? 'is-chosen' : ''}`}
                htmlFor={id(`photo-${photo.id}`)}
              >
                <input
                  type="radio"
                  className="visually-hidden"
                  id={id(`photo-${photo.id}`)}
                  name={id('photo')}
                  checked={chosenPhoto === photo.id}
                  onChange={() => form.setValue('photo_id', photo.id, { shouldValidate: true })}
                />
                <img src={photo.thumb} alt="" width={80} height={100} loading="lazy" />
                <span className="visually-hidden">{t('reports.dialog.photoLabel', { number: i + 1 })}</span>
              </label>
            ))}
          </div>
          {photoError && (
            <div className="invalid-feedback d-block" id={id('photo-error')}>
              {photoError}
            </div>
          )}
        </fieldset>
      )}

      {subject === 'messages' && target.messages && (
        <fieldset
          className="report-fieldset"
          aria-describedby={messagesError ? id('messages-error') : id('messages-hint')}
        >
          <legend className="form-label">{t('reports.dialog.messagesLegend')}</legend>
          {target.messages.length === 0 ? (
            <p className="report-muted" id={id('messages-hint')}>
              {t('reports.dialog.messagesEmpty', { name: target.name })}
            </p>
          ) : (
            <>
              <p className="report-muted" id={id('messages-hint')}>
                {t('reports.dialog.messagesHint', { name: target.name, max: REPORT_EVIDENCE_MAX })}
              </p>
              <ul className={`report-messages ${lastMessages ? 'is-disabled' : ''}`}>
                {target.messages.map((m) => {
                  const checked = selectedMessages.has(m.id);
                  return (
                    <li key={m.id}>
                      <input
                        type="checkbox"
                        className="form-check-input"
                        id={id(`message-${m.id}`)}
                        checked={checked && !lastMessages}
                        disabled={lastMessages || (full && !checked)}
                        onChange={(e) => toggleMessage(m.id, e.target.checked)}
                      />
                      <label htmlFor={id(`message-${m.id}`)}>
                        <span className="report-message-text">
                          {m.kind === 'text'
                            ? m.body
                            : m.kind === 'photo'
                              ? t('reports.dialog.photoMessage')
                              : t('reports.dialog.giftMessage')}
                        </span>
                        <time dateTime={m.created_at}>
                          {formatDate(m.created_at, i18n.language, {
                            dateStyle: 'short',
                            timeStyle: 'short',
                          })}
                        </time>
                      </label>
                    </li>
                  );
                })}
              </ul>
              <p className="report-count" aria-live="polite">
                {!lastMessages &&
                  t('reports.dialog.messagesSelected', {
                    selected: chosenMessages?.length ?? 0,
                    max: REPORT_EVIDENCE_MAX,
                  })}
              </p>
            </>
          )}
          <div className="form-check report-consent">
            <input
              className="form-check-input"
              type="checkbox"
              id={id('last')}
              aria-describedby={id('last-hint')}
              {...form.register('last_messages', {
                onChange: () => form.formState.isSubmitted && void form.trigger('message_ids'),
              })}
            />
            <label className="form-check-label" htmlFor={id('last')}>
              {t('reports.dialog.lastMessages', { max: REPORT_EVIDENCE_MAX })}
            </label>
            <div className="form-text" id={id('last-hint')}>
              {t('reports.dialog.lastMessagesConsent')}
            </div>
          </div>
          {messagesError && (
            <div className="invalid-feedback d-block" id={id('messages-error')}>
              {messagesError}
            </div>
          )}
        </fieldset>
      )}

      <fieldset className="report-fieldset" aria-describedby={reasonError ? id('reason-error') : undefined}>
        <legend className="form-label">{t('reports.dialog.reasonLegend')}</legend>
        <div className="report-choices">
          {REPORT_REASONS.map((r) => (
            <div className="form-check" key={r}>
              <input
                className={`form-check-input ${reasonError ? 'is-invalid' : ''}`}
                type="radio"
                id={id(`reason-${r}`)}
                value={r}
                {...form.register('reason')}
              />
              <label className="form-check-label" htmlFor={id(`reason-${r}`)}>
                {t(`reports.reasons.${r}`)}
              </label>
            </div>
          ))}
        </div>
        {reasonError && (
          <div className="invalid-feedback d-block" id={id('reason-error')}>
            {reasonError}
          </div>
        )}
      </fieldset>

      <Field
        id={id('details')}
        label={t('reports.dialog.detailsLabel')}
        hint={t(detailsRequired ? 'reports.dialog.detailsHintOther' : 'reports.dialog.detailsHint', {
          max: REPORT_DETAILS_MAX,
        })}
        error={detailsError}
        className="form-field report-details"
      >
        {(aria) => (
          <textarea
            {...aria}
            className={`form-control ${detailsError ? 'is-invalid' : ''}`}
            rows={3}
            maxLength={REPORT_DETAILS_MAX}
            aria-required={detailsRequired}
            {...form.register('details')}
          />
        )}
      </Field>

      {problem && (
        <div className="alert alert-danger mb-0" role="alert">
          {problem}
          {file.error instanceof ApiError && file.error.code === 'report_exists' && (
            <>
              {' '}
              <Link to="/reports" onClick={onCancel}>
                {t('reports.dialog.myReports')}
              </Link>
            </>
          )}
        </div>
      )}

      <div className="report-actions">
        <button type="button" className="btn btn-outline-secondary" onClick={onCancel}>
          {t('reports.dialog.cancel')}
        </button>
        <button type="submit" className="btn btn-primary" disabled={file.isPending}>
          {file.isPending ? t('reports.dialog.sending') : t('reports.dialog.submit')}
        </button>
      </div>
    </form>
  );
}
