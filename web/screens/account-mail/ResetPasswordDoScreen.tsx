import './account-mail.scss';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import {
  ACCOUNT_TOKEN_PATTERN,
  type PasswordResetPerform,
  passwordResetPerform,
} from '../../../common/api/account-mail';
import { usePerformReset, useResetLink } from '../../api/account-mail';
import { ApiError } from '../../api/client';
import { serverFieldErrors } from './Field';
import { NewPasswordFields } from './NewPasswordFields';

/** /reset-password/do?token=…: the link of the reset mail; a form for the new password, twice. */
export default function Screen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const wellFormed = ACCOUNT_TOKEN_PATTERN.test(token);
  return (
    <section className="container account-page">
      <h1>{t('accountMail.resetDo.title')}</h1>
      {wellFormed ? <CheckedLink token={token} /> : <LinkInvalid />}
    </section>
  );
}

function CheckedLink({ token }: { token: string }) {
  const link = useResetLink(token);
  if (link.isPending) return <div className="account-card" aria-busy="true" style={{ minHeight: '18rem' }} />;
  if (link.isError) return <LinkInvalid message={link.error.message} />;
  return <NewPasswordForm token={token} />;
}

/** 'Link verlopen of invalid, vraag een nieuwe e-mail aan', and the way to do that. */
function LinkInvalid({ message }: { message?: string }) {
  const { t } = useTranslation();
  return (
    <>
      <p className="lead text-danger" role="alert">
        {message ?? t('error.link_invalid')}
      </p>
      <Link to="/reset-password" className="btn btn-primary btn-lg">
        {t('accountMail.resetDo.newMail')}
      </Link>
    </>
  );
}

function NewPasswordForm({ token }: { token: string }) {
  const { t } = useTranslation();
  const reset = usePerformReset();
  const form = useForm<PasswordResetPerform>({
    resolver: zodResolver(passwordResetPerform),
    defaultValues: { token, password: '', password_repeat: '' },
  });
  const doneHeading = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (reset.isSuccess) doneHeading.current?.focus();
  }, [reset.isSuccess]);

  if (reset.isSuccess)
    return (
      <>
        <p className="lead" ref={doneHeading} tabIndex={-1}>
          {t('accountMail.resetDo.done')}
        </p>
        <Link to="/login" className="btn btn-primary btn-lg">
          {t('shell.login')}
        </Link>
      </>
    );

  if (reset.error instanceof ApiError && reset.error.code === 'link_invalid')
    return <LinkInvalid message={reset.error.message} />;
  const submit = form.handleSubmit((values) =>
    reset.mutate(values, {
      onError: (error) => {
        for (const [field, message] of serverFieldErrors(error))
          if (field === 'password' || field === 'password_repeat') form.setError(field, { message });
      },
    }),
  );
  const { errors } = form.formState;
  return (
    <>
      <p className="lead">{t('accountMail.resetDo.text')}</p>
      <form className="account-card" noValidate onSubmit={submit}>
        <NewPasswordFields register={form.register} errors={errors} />
        <button type="submit" className="btn btn-primary w-100" disabled={reset.isPending}>
          {t('accountMail.resetDo.submit')}
        </button>
        <p className="account-status text-danger" role="alert">
          {reset.isError && serverFieldErrors(reset.error).length === 0 ? reset.error.message : ''}
        </p>
      </form>
    </>
  );
}
