import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type StaffLoginRequest, staffLoginRequest } from '../../common/api/admin/staff';
import { adminSessionEndpoints } from '../../common/api/endpoints/admin/session';
import { Field } from '../components/FormField';
import { ApiError, adminCall } from './api';
import { useErrorText } from './components/ErrorAlert';
import { useConsoleTitle } from './components/PageHeader';
import { AdminLanguageMenu } from './LanguageMenu';
import type { StaffMember } from './staff-context';

/** Why the login shows: the first visit, a session that ended, or a logout. */
export type LoginNotice = 'sessionEnded' | 'loggedOut' | null;

const FIELDS = ['email', 'password', 'code'] as const;

/**
 * The console's login: e-mail, password and the authenticator's 6-digit code. The server's errors
 * (login_failed, login_blocked and login_network_limited with their minutes, field errors) come in
 * the language of the locale cookie, which the language menu here sets. It shows at whatever console
 * address was asked for, so after the login the staff member is where they were.
 */
export function LoginScreen(props: { notice: LoginNotice; onLoggedIn: (staff: StaffMember) => void }) {
  const { t } = useTranslation('admin');
  const errorText = useErrorText();
  useConsoleTitle(t('login.title'));
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm<StaffLoginRequest>({
    resolver: zodResolver(staffLoginRequest),
    mode: 'onTouched',
    defaultValues: { email: '', password: '', code: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    setProblem(null);
    try {
      const { staff } = await adminCall(adminSessionEndpoints.login, { body: values });
      if (staff) props.onLoggedIn(staff);
      else setProblem(t('common.errorUnknown'));
    } catch (err) {
      const fields = err instanceof ApiError ? err.body?.fields : undefined;
      const known = Object.entries(fields ?? {}).filter(([name]) =>
        (FIELDS as readonly string[]).includes(name),
      );
      if (known.length > 0) {
        for (const [name, message] of known)
          form.setError(name as (typeof FIELDS)[number], { type: 'server', message }, { shouldFocus: true });
      } else {
        setProblem(errorText(err));
        // A wrong code is the usual mistake, and a code is good for one try: ready for the next one.
        form.setValue('code', '');
      }
    }
  });

  return (
    <div className="admin-login">
      <div className="admin-login__top">
        <span className="admin-brand">{t('shell.title')}</span>
        <AdminLanguageMenu />
      </div>
      <main className="admin-login__card" id="admin-main">
        <h1>{t('login.title')}</h1>
        {props.notice && (
          <p className="alert alert-info" role="status">
            {t(`login.${props.notice}`)}
          </p>
        )}
        <p className="admin-login__intro">{t('login.intro')}</p>
        <form className="admin-login-form" noValidate onSubmit={submit} aria-busy={isSubmitting}>
          <Field id="admin-login-email" label={t('login.email')} error={errors.email} className="mb-3">
            {(aria) => (
              <input
                {...aria}
                {...form.register('email')}
                type="email"
                className={`form-control ${errors.email ? 'is-invalid' : ''}`}
                autoComplete="username"
                autoCapitalize="off"
                spellCheck={false}
                maxLength={254}
              />
            )}
          </Field>
          <Field
            id="admin-login-password"
            label={t('login.password')}
            error={errors.password}
            className="mb-3"
          >
            {(aria) => (
              <input
                {...aria}
                {...form.register('password')}
                type="password"
                className={`form-control ${errors.password ? 'is-invalid' : ''}`}
                autoComplete="current-password"
                maxLength={128}
              />
            )}
          </Field>
          <Field
            id="admin-login-code"
            label={t('login.code')}
            hint={t('login.codeHint')}
            error={errors.code}
            className="mb-3"
          >
            {(aria) => (
              <input
                {...aria}
                {...form.register('code')}
                type="text"
                className={`form-control admin-login__code ${errors.code ? 'is-invalid' : ''}`}
                inputMode="numeric"
                autoComplete="one-time-code"
                pattern="[0-9]{6}"
                maxLength={6}
              />
            )}
          </Field>
          <div role="alert" className={problem ? 'alert alert-danger' : 'admin-login__problem-slot'}>
            {problem}
          </div>
          <button type="submit" className="btn btn-primary w-100" disabled={isSubmitting}>
            {isSubmitting ? t('login.submitting') : t('login.submit')}
          </button>
        </form>
      </main>
    </div>
  );
}
