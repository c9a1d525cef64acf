import './account-mail.scss';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type PasswordResetRequest, passwordResetRequest } from '../../../common/api/account-mail';
import { useRequestPasswordReset } from '../../api/account-mail';
import { AccountField } from './Field';

/** /reset-password: asks for the address and mails a link to choose a new password. */
export default function Screen() {
  const { t } = useTranslation();
  const request = useRequestPasswordReset();
  const form = useForm<PasswordResetRequest>({
    resolver: zodResolver(passwordResetRequest),
    defaultValues: { email: '' },
  });
  const sentHeading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (request.isSuccess) sentHeading.current?.focus();
  }, [request.isSuccess]);

  if (request.isSuccess)
    return (
      <section className="container account-page">
        <div className="account-mark account-mark--mail" aria-hidden="true">
          ✉
        </div>
        <h1 ref={sentHeading} tabIndex={-1}>
          {t('accountMail.resetRequest.sentTitle')}
        </h1>
        <p className="lead">{t('accountMail.resetRequest.sentText', { email: request.variables.email })}</p>
        <p className="account-aside">{t('accountMail.checkSpam')}</p>
        <Link to="/login" className="btn btn-outline-secondary">
          {t('accountMail.backToLogin')}
        </Link>
      </section>
    );

  return (
    <section className="container account-page">
      <h1>{t('accountMail.resetRequest.title')}</h1>
      <p className="lead">{t('accountMail.resetRequest.text')}</p>
      <form className="account-card" noValidate onSubmit={form.handleSubmit((v) => request.mutate(v))}>
        <AccountField
          label={t('accountMail.email')}
          type="email"
          autoComplete="email"
          inputMode="email"
          registration={form.register('email')}
          error={form.formState.errors.email}
        />
        <button type="submit" className="btn btn-primary w-100" disabled={request.isPending}>
          {t('accountMail.resetRequest.submit')}
        </button>
        <p className="account-status text-danger" role="alert">
          {request.isError ? request.error.message : ''}
        </p>
      </form>
      <p className="account-aside">
        <Link to="/login">{t('accountMail.backToLogin')}</Link>
      </p>
    </section>
  );
}
