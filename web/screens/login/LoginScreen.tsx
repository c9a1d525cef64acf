import '../signup/signup.scss';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { type LoginBody, loginRequest, type SuspensionStatement } from '../../../common/api/user';
import { LOCALES, type Locale } from '../../../common/constants';
import { login, saveLanguage, setLoginState } from '../../api/auth';
import { ApiError } from '../../api/client';
import { useReactivationMail } from '../../api/settings-account';
import { useUser } from '../../api/user';
import { Field } from '../../components/FormField';
import { MEMBER_HOME } from '../../member-home';
import { LOGIN_REASONS, type LoginReason, safeRedirect } from '../../state/auth';
import { useHydrated } from '../../state/hydrated';
import { PasswordInput } from '../signup/Field';
import { SuspensionNotice } from './SuspensionNotice';

/**
 * /login: e-mail and password. A screen that needs a login sends the visitor here with
 * `redirect` (where to come back to) and `reason` (which login-required message to show).
 */
export default function Screen() {
  const { t, i18n } = useTranslation();
  const hydrated = useHydrated();
  const client = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const { data: user, isPending } = useUser();
  const redirect = safeRedirect(params.get('redirect')) ?? MEMBER_HOME;
  const reason = params.get('reason');
  const [problem, setProblem] = useState<string | null>(null);
  // The right password of an account deleted within the reactivation days: the address to mail.
  const [deletedEmail, setDeletedEmail] = useState<string | null>(null);
  const reactivationMail = useReactivationMail();
  // A suspended or banned account: the statement of reasons instead of a one-line problem.
  const [suspension, setSuspension] = useState<{
    until: string | null;
    statement: SuspensionStatement | null;
  } | null>(null);
  const form = useForm<LoginBody>({
    resolver: zodResolver(loginRequest),
    mode: 'onTouched',
    defaultValues: { email: (location.state as { email?: string } | null)?.email ?? '', password: '' },
  });
  const { errors, isSubmitting } = form.formState;

  if (isPending) return <section className="container login-page" aria-busy="true" />;
  if (user) return <Navigate to={redirect} replace />;

  const submit = form.handleSubmit(async (values) => {
    setProblem(null);
    setSuspension(null);
    setDeletedEmail(null);
    reactivationMail.reset();
    try {
      const { user: member } = await login(values);
      // The language the member is using now becomes the account's (mails follow it).
      const current = i18n.language as Locale;
      if (LOCALES.includes(current) && member.language !== current) void saveLanguage(current);
      setLoginState(client, { ...member, language: current });
      navigate(redirect, { replace: true });
    } catch (err) {
      const body =
        err instanceof ApiError
          ? (err.body as { until?: string | null; statement?: SuspensionStatement | null } | null)
          : null;
      if (err instanceof ApiError && err.code === 'account_suspended' && body && 'until' in body) {
        setSuspension({ until: body.until ?? null, statement: body.statement ?? null });
      } else if (err instanceof ApiError && err.body?.fields) {
        for (const [name, message] of Object.entries(err.body.fields))
          form.setError(name as keyof LoginBody, { type: 'server', message }, { shouldFocus: true });
      } else {
        if (err instanceof ApiError && err.code === 'account_reactivatable') setDeletedEmail(values.email);
        setProblem(err instanceof ApiError && err.body ? err.body.message : t('error.internal'));
      }
    }
  });

  return (
    <section className="container login-page">
      <h1>{t('login.title')}</h1>
      {reason && (LOGIN_REASONS as readonly string[]).includes(reason) && (
        <p className="alert alert-info">{t(`login.reason.${reason as LoginReason}`)}</p>
      )}
      <p className="lead">{t('login.intro')}</p>
      <form className="login-form" noValidate onSubmit={submit} aria-busy={isSubmitting}>
        <Field id="login-email" label={t('login.email')} error={errors.email}>
          {(aria) => (
            <input
              {...aria}
              {...form.register('email')}
              type="email"
              className={`form-control ${errors.email ? 'is-invalid' : ''}`}
              autoComplete="username"
              inputMode="email"
              autoCapitalize="off"
              spellCheck={false}
              maxLength={254}
            />
          )}
        </Field>
        <Field id="login-password" label={t('login.password')} error={errors.password}>
          {(aria) => (
            <PasswordInput
              {...aria}
              registration={form.register('password')}
              autoComplete="current-password"
            />
          )}
        </Field>
        <p className="login-forgot">
          <Link to="/reset-password">{t('login.forgot')}</Link>
        </p>
        {suspension ? (
          <SuspensionNotice until={suspension.until} statement={suspension.statement} />
        ) : (
          <div
            role="alert"
            className={problem ? 'alert alert-danger login-problem mb-0' : 'login-problem-slot'}
          >
            {problem && <p className="mb-0">{problem}</p>}
            {deletedEmail && (
              <div className="login-reactivate">
                <button
                  type="button"
                  className="btn btn-primary"
                  disabled={reactivationMail.isPending || reactivationMail.isSuccess}
                  onClick={() => reactivationMail.mutate({ email: deletedEmail })}
                >
                  {t('login.reactivate')}
                </button>
                <p className="mb-0" role="status">
                  {reactivationMail.isError
                    ? reactivationMail.error.message
                    : reactivationMail.isSuccess
                      ? t('accountDeleted.resent')
                      : ''}
                </p>
              </div>
            )}
          </div>
        )}
        {/* Not before the app has taken the drawn form over: the browser would send it itself. */}
        <button type="submit" className="btn btn-primary btn-lg w-100" disabled={isSubmitting || !hydrated}>
          {isSubmitting ? t('login.submitting') : t('login.submit')}
        </button>
      </form>
      <p className="login-signup">
        {t('login.noAccount')} <Link to="/signup">{t('login.signup')}</Link>
      </p>
    </section>
  );
}
