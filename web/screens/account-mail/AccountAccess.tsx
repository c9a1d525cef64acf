import './account-mail.scss';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId } from 'react';
import { type UseFormReturn, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import {
  type MailChangeRequest,
  mailChangeRequest,
  type PasswordChange,
  passwordChange,
} from '../../../common/api/account-mail';
import { useChangePassword, useRequestMailChange } from '../../api/account-mail';
import { ApiError } from '../../api/client';
import { AccountField, serverFieldErrors } from './Field';
import { NewPasswordFields } from './NewPasswordFields';

/** Puts a failed call's message on the field it is about, so it is read out there. */
function showServerError<T extends Record<string, string>>(
  form: UseFormReturn<T>,
  error: unknown,
  byCode: Record<string, keyof T & string>,
) {
  const fields = serverFieldErrors(error);
  for (const [field, message] of fields) form.setError(field as never, { message });
  const target = error instanceof ApiError ? byCode[error.code] : undefined;
  if (target && fields.length === 0)
    form.setError(target as never, { message: (error as ApiError).message }, { shouldFocus: true });
}

/** The e-mail address and password of the account, for the settings page (/notifications, /settings). */
export default function AccountAccess() {
  const { hash } = useLocation();
  // The reminder's "wrong address?" link leads to #email; the router does not scroll to it itself.
  useEffect(() => {
    if (hash === '#email' || hash === '#password') document.getElementById(hash.slice(1))?.scrollIntoView();
  }, [hash]);
  return (
    <>
      <ChangeEmail />
      <ChangePassword />
    </>
  );
}

function ChangeEmail() {
  const { t } = useTranslation();
  const titleId = useId();
  const change = useRequestMailChange();
  const form = useForm<MailChangeRequest>({
    resolver: zodResolver(mailChangeRequest),
    defaultValues: { email: '', password: '' },
  });
  const submit = form.handleSubmit((values) =>
    change.mutate(values, {
      onSuccess: () => form.reset({ email: '', password: '' }),
      onError: (error) => showServerError(form, error, { email_taken: 'email', wrong_password: 'password' }),
    }),
  );
  const { errors } = form.formState;
  const fieldError =
    change.error instanceof ApiError && ['email_taken', 'wrong_password'].includes(change.error.code);
  return (
    <section className="account-card account-access" id="email" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('accountMail.changeEmail.title')}</h2>
      <p className="account-intro">{t('accountMail.changeEmail.text')}</p>
      <form noValidate onSubmit={submit}>
        <AccountField
          label={t('accountMail.changeEmail.newEmail')}
          type="email"
          autoComplete="email"
          inputMode="email"
          registration={form.register('email')}
          error={errors.email}
        />
        <AccountField
          label={t('accountMail.currentPassword')}
          type="password"
          autoComplete="current-password"
          registration={form.register('password')}
          error={errors.password}
        />
        <button type="submit" className="btn btn-primary" disabled={change.isPending}>
          {t('accountMail.changeEmail.submit')}
        </button>
        <p className={`account-status ${change.isError ? 'text-danger' : 'text-success'}`} role="status">
          {change.isSuccess
            ? t('accountMail.changeEmail.sent', { email: change.variables.email })
            : change.isError && !fieldError
              ? change.error.message
              : ''}
        </p>
      </form>
    </section>
  );
}

function ChangePassword() {
  const { t } = useTranslation();
  const titleId = useId();
  const change = useChangePassword();
  const empty = { old_password: '', password: '', password_repeat: '' };
  const form = useForm<PasswordChange>({ resolver: zodResolver(passwordChange), defaultValues: empty });
  const submit = form.handleSubmit((values) =>
    change.mutate(values, {
      onSuccess: () => form.reset(empty),
      onError: (error) => showServerError(form, error, { wrong_password: 'old_password' }),
    }),
  );
  const { errors } = form.formState;
  const fieldError = change.error instanceof ApiError && change.error.code === 'wrong_password';
  return (
    <section className="account-card account-access" id="password" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('accountMail.changePassword.title')}</h2>
      <p className="account-intro">{t('accountMail.changePassword.text')}</p>
      <form noValidate onSubmit={submit}>
        <AccountField
          label={t('accountMail.currentPassword')}
          type="password"
          autoComplete="current-password"
          registration={form.register('old_password')}
          error={errors.old_password}
        />
        <NewPasswordFields register={form.register} errors={errors} />
        <button type="submit" className="btn btn-primary" disabled={change.isPending}>
          {t('accountMail.changePassword.submit')}
        </button>
        <p className={`account-status ${change.isError ? 'text-danger' : 'text-success'}`} role="status">
          {change.isSuccess
            ? t('accountMail.changePassword.done')
            : change.isError && !fieldError && serverFieldErrors(change.error).length === 0
              ? change.error.message
              : ''}
        </p>
      </form>
    </section>
  );
}
