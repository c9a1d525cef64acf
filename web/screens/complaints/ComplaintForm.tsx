import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  COMPLAINT_CATEGORIES,
  COMPLAINT_MESSAGE_MAX,
  COMPLAINT_NAME_MAX,
  COMPLAINT_SUBJECT_MAX,
  type ComplaintRequest,
  complaintRequest,
} from '../../../common/api/complaints';
import { ApiError } from '../../api/client';
import type { useFileComplaint } from '../../api/complaints';
import { Field } from '../../components/FormField';
import { intlLocale } from '../../format';

type Sender = { name: string; email: string } | null;

/** "in 42 minutes": Intl knows each language's words for it, so no catalog needs a plural. */
function waitText(lng: string, seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return new Intl.NumberFormat(intlLocale(lng), {
    style: 'unit',
    unit: 'minute',
    unitDisplay: 'long',
  }).format(minutes);
}

/**
 * The complaint itself: who sends it (a member's own name and address, read-only), what it is about
 * and the message. The zod schema is the server's; the server's field errors land on their fields.
 */
export function ComplaintForm({
  sender,
  file,
}: {
  sender: Sender;
  file: ReturnType<typeof useFileComplaint>;
}) {
  const { t, i18n } = useTranslation();
  const ids = useId();
  const id = (name: string) => `${ids}-${name}`;
  const form = useForm<ComplaintRequest>({
    resolver: zodResolver(complaintRequest),
    mode: 'onTouched',
    defaultValues: {
      name: sender?.name ?? '',
      email: sender?.email ?? '',
      subject: '',
      message: '',
      website: '',
    },
  });
  const { errors } = form.formState;
  const category = form.watch('category');
  const length = (form.watch('message') ?? '').length;

  const submit = form.handleSubmit((values) =>
    file.mutate(values, {
      onError: (err) => {
        const fields = err instanceof ApiError ? Object.entries(err.body?.fields ?? {}) : [];
        for (const [name, message] of fields)
          form.setError(name as keyof ComplaintRequest, { type: 'server', message }, { shouldFocus: true });
      },
    }),
  );

  const problem = (() => {
    const err = file.error;
    if (!err) return null;
    if (!(err instanceof ApiError)) return t('error.internal');
    if (Object.keys(err.body?.fields ?? {}).length > 0) return null;
    if (err.status === 429 && err.body?.retry_after)
      return t('complaints.form.tooMany', { time: waitText(i18n.language, err.body.retry_after) });
    return err.message;
  })();
  const invalid = (name: keyof ComplaintRequest) => (errors[name] ? 'is-invalid' : '');

  return (
    <form className="complaint-form" noValidate onSubmit={submit} aria-busy={file.isPending}>
      {sender && <p className="complaint-member-note">{t('complaints.form.memberNote')}</p>}
      <div className="complaint-pair">
        <Field id={id('name')} label={t('complaints.form.name')} error={errors.name}>
          {(aria) => (
            <input
              {...aria}
              {...form.register('name')}
              className={`form-control ${invalid('name')}`}
              autoComplete="name"
              maxLength={COMPLAINT_NAME_MAX}
              readOnly={Boolean(sender)}
            />
          )}
        </Field>
        <Field id={id('email')} label={t('complaints.form.email')} error={errors.email}>
          {(aria) => (
            <input
              {...aria}
              {...form.register('email')}
              type="email"
              className={`form-control ${invalid('email')}`}
              autoComplete="email"
              inputMode="email"
              autoCapitalize="off"
              spellCheck={false}
              maxLength={254}
              readOnly={Boolean(sender)}
            />
          )}
        </Field>
      </div>

      <Field
        id={id('category')}
        label={t('complaints.form.category')}
        error={errors.category}
        hint={category === 'illegal_content' ? t('complaints.form.illegalHint') : undefined}
      >
        {(aria) => (
          <select {...aria} {...form.register('category')} className={`form-select ${invalid('category')}`}>
            <option value="">{t('complaints.form.categoryPlaceholder')}</option>
            {COMPLAINT_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {t(`complaints.categories.${c}`)}
              </option>
            ))}
          </select>
        )}
      </Field>

      <Field
        id={id('subject')}
        label={t('complaints.form.subject')}
        error={errors.subject}
        hint={t('complaints.form.subjectHint')}
      >
        {(aria) => (
          <input
            {...aria}
            {...form.register('subject')}
            className={`form-control ${invalid('subject')}`}
            autoComplete="off"
            maxLength={COMPLAINT_SUBJECT_MAX}
          />
        )}
      </Field>

      <Field
        id={id('message')}
        label={t('complaints.form.message')}
        error={errors.message}
        className="form-field complaint-message"
      >
        {(aria) => (
          <>
            <textarea
              {...aria}
              aria-describedby={[aria['aria-describedby'], id('count')].filter(Boolean).join(' ')}
              {...form.register('message')}
              className={`form-control ${invalid('message')}`}
              rows={8}
              maxLength={COMPLAINT_MESSAGE_MAX}
            />
            <div className="form-text complaint-count" id={id('count')}>
              {t('complaints.form.count', {
                length: length.toLocaleString(intlLocale(i18n.language)),
                max: COMPLAINT_MESSAGE_MAX.toLocaleString(intlLocale(i18n.language)),
              })}
            </div>
          </>
        )}
      </Field>

      {/* The honeypot: off screen and out of the tab order, so only a bot fills it in. */}
      <div className="complaint-website" aria-hidden="true">
        <label htmlFor={id('website')}>{t('complaints.form.website')}</label>
        <input id={id('website')} tabIndex={-1} autoComplete="off" {...form.register('website')} />
      </div>

      {problem && (
        <div className="alert alert-danger mb-0" role="alert">
          {problem}
        </div>
      )}
      <div className="complaint-submit">
        <button type="submit" className="btn btn-primary btn-lg" disabled={file.isPending}>
          {file.isPending ? t('complaints.form.sending') : t('complaints.form.submit')}
        </button>
        <p className="complaint-privacy">
          {t('complaints.form.privacy')} <Link to="/pages/privacy">{t('complaints.form.privacyLink')}</Link>
        </p>
      </div>
    </form>
  );
}
