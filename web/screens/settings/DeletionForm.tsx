import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import {
  type AccountDeletion,
  accountDeletion,
  DELETION_COMMENT_MAX,
  DELETION_REASONS,
} from '../../../common/api/settings-account';
import { REACTIVATION_DAYS } from '../../../common/constants';
import { PASSWORD_MESSAGE_VARS } from '../../../common/rules/password';
import { ApiError } from '../../api/client';
import { useDeleteAccount } from '../../api/settings-account';
import { Field } from '../../components/FormField';

const MESSAGE_VARS = { max: DELETION_COMMENT_MAX, min: PASSWORD_MESSAGE_VARS.min };

/** The reason, an optional word, the password; then every session ends and /account-deleted shows. */
export function DeletionForm({
  credits,
  headingRef,
}: {
  credits: number;
  headingRef: React.Ref<HTMLHeadingElement>;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const remove = useDeleteAccount();
  const id = useId();
  const form = useForm<AccountDeletion>({
    resolver: zodResolver(accountDeletion),
    defaultValues: { comment: '', password: '' },
  });
  const { errors } = form.formState;
  // Schema messages are catalog keys; the server's are already in the member's language.
  const message = (e?: { message?: string; type?: string }) =>
    e?.message ? (e.type === 'server' ? e.message : t(e.message, MESSAGE_VARS)) : '';
  const comment = form.watch('comment') ?? '';

  const submit = form.handleSubmit((values) =>
    remove.mutateAsync(values).then(
      () => navigate('/account-deleted', { replace: true }),
      (err: unknown) => {
        const text = err instanceof Error ? err.message : t('error.internal');
        if (err instanceof ApiError && err.code === 'wrong_password')
          form.setError('password', { type: 'server', message: text }, { shouldFocus: true });
        else form.setError('root', { type: 'server', message: text });
      },
    ),
  );

  return (
    <form className="deletion-form" onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} ref={headingRef} tabIndex={-1}>
        {t('deleteAccount.form.title')}
      </h2>
      <fieldset className="mb-3" aria-describedby={errors.reason ? `${id}-reason-error` : undefined}>
        <legend className="form-label fw-semibold fs-6">{t('deleteAccount.form.reasonLegend')}</legend>
        <div className="reasons">
          {DELETION_REASONS.map((reason) => (
            <label key={reason} className="reason form-check">
              <input
                className="form-check-input"
                type="radio"
                value={reason}
                aria-invalid={Boolean(errors.reason)}
                {...form.register('reason')}
              />
              <span className="form-check-label">{t(`deleteAccount.form.reasons.${reason}`)}</span>
            </label>
          ))}
        </div>
        {errors.reason && (
          <p className="invalid-message" id={`${id}-reason-error`}>
            {message(errors.reason)}
          </p>
        )}
      </fieldset>

      <Field
        id={`${id}-comment`}
        label={t('deleteAccount.form.comment')}
        hint={t('deleteAccount.form.commentCount', { length: comment.length, max: DELETION_COMMENT_MAX })}
        keepHint
        error={message(errors.comment)}
        className="mb-3"
      >
        {(aria) => (
          <textarea
            {...aria}
            className={`form-control ${errors.comment ? 'is-invalid' : ''}`}
            rows={3}
            maxLength={DELETION_COMMENT_MAX}
            {...form.register('comment')}
          />
        )}
      </Field>

      <div className="what-happens">
        <h3>{t('deleteAccount.form.whatHappens')}</h3>
        <ul>
          <li>{t('deleteAccount.form.effectNow')}</li>
          <li>{t('deleteAccount.form.effectMail', { days: REACTIVATION_DAYS })}</li>
          <li>{t('deleteAccount.form.effectFinal', { days: REACTIVATION_DAYS })}</li>
          {credits > 0 && (
            <li className="fw-semibold">{t('deleteAccount.form.credits', { count: credits })}</li>
          )}
        </ul>
      </div>

      <Field
        id={`${id}-password`}
        label={t('deleteAccount.form.password')}
        hint={t('deleteAccount.form.passwordHint')}
        keepHint
        error={message(errors.password)}
        className="mb-3"
      >
        {(aria) => (
          <input
            {...aria}
            type="password"
            autoComplete="current-password"
            className={`form-control ${errors.password ? 'is-invalid' : ''}`}
            {...form.register('password')}
          />
        )}
      </Field>

      {errors.root && (
        <p className="invalid-message" role="alert">
          {errors.root.message}
        </p>
      )}
      <div className="deletion-actions">
        <button type="submit" className="btn btn-danger" disabled={form.formState.isSubmitting}>
          {t('deleteAccount.form.submit')}
        </button>
        <Link to="/notifications" className="btn btn-outline-secondary">
          {t('deleteAccount.form.cancel')}
        </Link>
      </div>
    </form>
  );
}
