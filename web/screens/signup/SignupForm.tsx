import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import {
  SIGNUP_MESSAGE_MAX,
  type SignupBody,
  signupRequest,
  TRACKING_KEYS,
  type TrackingValues,
} from '../../../common/api/signup';
import { GENDERS, type Gender } from '../../../common/profile-options';
import { PASSWORD_MESSAGE_VARS } from '../../../common/rules/password';
import { latestBirthDate, signupsAllowed } from '../../../common/rules/signup';
import { setLoginState } from '../../api/auth';
import { ApiError } from '../../api/client';
import { signup } from '../../api/signup';
import { useSettings } from '../../api/site';
import { useUser } from '../../api/user';
import { Field } from '../../components/FormField';
import { useHydrated } from '../../state/hydrated';
import { isSignupNext, takeSignupNext } from '../../state/signup-next';
import { readTracking } from '../../state/tracking';
import { clearDraft, readDraft, type SignupDraft, writeDraft } from './draft';
import { PasswordInput } from './Field';

type Values = Omit<SignupBody, 'tracking'>;

/**
 * Whether the visitor was already a member when signup opened (null until the login state is
 * known). Such a member is sent on; one who has just signed up is on the way to /complete-signup
 * (or to the member whose landing the signup began on).
 */
export function useMemberAtStart(): boolean | null {
  const { data: user, isPending } = useUser();
  const atStart = useRef<boolean | null>(null);
  if (!isPending && atStart.current === null) atStart.current = Boolean(user);
  return atStart.current;
}

/** The tracking values stored on start, and any in the current address. */
function currentTracking(search: string): TrackingValues {
  const fromUrl = new URLSearchParams(search);
  const values: TrackingValues = { ...readTracking() };
  for (const key of TRACKING_KEYS) {
    const v = fromUrl.get(key);
    if (v) values[key] = v.slice(0, 100);
  }
  return values;
}

/** Who one is and seeks, before the visitor says: the site's niche decides (gay sites: men for men). */
function defaultGenders(niche: number): { gender: Gender; seeking_gender: Gender } {
  return niche === 7
    ? { gender: 'male', seeking_gender: 'male' }
    : { gender: 'male', seeking_gender: 'female' };
}

const NO_DRAFT: SignupDraft = { email: '', name: '', date_of_birth: '', signup_message: '' };

/** The form's values from a draft: never a password; the niche's genders where it has none. */
function draftValues(draft: SignupDraft, niche: Parameters<typeof defaultGenders>[0]) {
  const genders = defaultGenders(niche);
  return {
    email: draft.email,
    name: draft.name,
    password: '',
    date_of_birth: draft.date_of_birth,
    gender: draft.gender ?? genders.gender,
    seeking_gender: draft.seeking_gender ?? genders.seeking_gender,
    signup_message: draft.signup_message,
  };
}

/**
 * The signup form of the /signup page, the signup modal and the member landings: one zod rule set
 * with the server, the draft kept across a reload (never the password), then logged in and on to
 * /complete-signup, or, for a signup begun on a member landing, straight to that member's chat or
 * profile: `next` where the form is part of the landing, else the path the landing kept
 * (web/state/signup-next.ts). `onBusyChange` tells the modal while a signup is under way, so it
 * cannot be closed then.
 */
export function SignupForm({
  onBusyChange,
  next,
  messageTo,
}: {
  onBusyChange?: (busy: boolean) => void;
  /** /members/{id} or /members/{id}/chat: where the new member goes instead of /complete-signup. */
  next?: string;
  /**
   * The member of a member landing: the visitor may write them a first message, kept with the
   * draft and sent once the new account is activated.
   */
  messageTo?: { id: number; name: string };
}) {
  const { t } = useTranslation();
  const settings = useSettings();
  const client = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const ids = useId();
  const schema = useMemo(() => signupRequest(() => new Date()), []);
  const tracking = useMemo(() => currentTracking(location.search), [location.search]);
  const [problem, setProblem] = useState<ApiError | null>(null);
  // A form the server drew is taken over as drawn (the server knows no draft); the draft comes in
  // once the app has it, before the browser paints again. A form drawn in the browser starts with it.
  const hydrated = useHydrated();
  const drawn = useRef(!hydrated);
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    mode: 'onTouched',
    defaultValues: draftValues(hydrated ? readDraft() : NO_DRAFT, settings.niche),
  });
  useLayoutEffect(() => {
    if (!hydrated || !drawn.current) return;
    drawn.current = false;
    if (!form.formState.isDirty) form.reset(draftValues(readDraft(), settings.niche));
  }, [hydrated, form, settings.niche]);
  const { errors, isSubmitting } = form.formState;

  useEffect(() => {
    const subscription = form.watch((values) => writeDraft(values));
    return () => subscription.unsubscribe();
  }, [form]);
  useEffect(() => {
    onBusyChange?.(isSubmitting);
  }, [isSubmitting, onBusyChange]);

  if (!signupsAllowed(settings.signups, tracking.network))
    return (
      <div className="alert alert-warning mb-0" role="status">
        {t('error.signups_closed')}
      </div>
    );

  const submit = form.handleSubmit(async (values) => {
    setProblem(null);
    try {
      const { signup_message, ...rest } = values;
      const message =
        messageTo && signup_message?.trim() ? { signup_message, signup_member: messageTo.id } : {};
      const { user } = await signup({ ...rest, ...message, tracking });
      clearDraft();
      setLoginState(client, user);
      // The kept path is used once, whichever form finished the signup.
      const kept = takeSignupNext();
      navigate((isSignupNext(next) ? next : kept) ?? '/complete-signup', { replace: true });
    } catch (err) {
      const fields = err instanceof ApiError ? err.body?.fields : undefined;
      if (fields && Object.keys(fields).length > 0) {
        for (const [name, message] of Object.entries(fields))
          form.setError(name as keyof Values, { type: 'server', message }, { shouldFocus: true });
      } else setProblem(err instanceof ApiError ? err : new ApiError(0, null));
    }
  });

  const id = (name: string) => `${ids}-${name}`;
  const invalid = (name: keyof Values) => (errors[name] ? 'is-invalid' : '');
  return (
    <form className="signup-form" noValidate onSubmit={submit} aria-busy={isSubmitting}>
      <div className="signup-choices">
        {(['gender', 'seeking_gender'] as const).map((field) => (
          <fieldset key={field} className="signup-choice">
            <legend className="form-label">{t(`signup.${field}`)}</legend>
            <div className="choice-toggle">
              {GENDERS.map((g) => (
                <span key={g}>
                  <input
                    type="radio"
                    className="btn-check"
                    id={id(`${field}-${g}`)}
                    value={g}
                    // The starting choice in the HTML too: a landing drawn on the server shows it
                    // before react-hook-form has taken the form over.
                    defaultChecked={form.formState.defaultValues?.[field] === g}
                    {...form.register(field)}
                  />
                  <label className="btn btn-outline-primary" htmlFor={id(`${field}-${g}`)}>
                    {t(`signup.genderOption.${g}`)}
                  </label>
                </span>
              ))}
            </div>
          </fieldset>
        ))}
      </div>

      <Field id={id('email')} label={t('signup.email')} error={errors.email}>
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
          />
        )}
      </Field>

      <Field id={id('name')} label={t('signup.name')} error={errors.name} hint={t('signup.nameHint')}>
        {(aria) => (
          <input
            {...aria}
            {...form.register('name')}
            className={`form-control ${invalid('name')}`}
            autoComplete="nickname"
            maxLength={60}
          />
        )}
      </Field>

      <Field
        id={id('password')}
        label={t('signup.password')}
        error={errors.password}
        hint={t('signup.passwordHint', PASSWORD_MESSAGE_VARS)}
      >
        {(aria) => (
          <PasswordInput {...aria} registration={form.register('password')} autoComplete="new-password" />
        )}
      </Field>

      <Field id={id('birth')} label={t('signup.dateOfBirth')} error={errors.date_of_birth}>
        {(aria) => (
          <input
            {...aria}
            {...form.register('date_of_birth')}
            type="date"
            className={`form-control ${invalid('date_of_birth')}`}
            autoComplete="bday"
            min="1900-01-01"
            max={latestBirthDate(new Date())}
          />
        )}
      </Field>

      {messageTo && (
        <Field
          id={id('message')}
          label={t('signup.message.label', { name: messageTo.name })}
          error={errors.signup_message}
          hint={t('signup.message.hint', { name: messageTo.name })}
        >
          {(aria) => (
            <textarea
              {...aria}
              {...form.register('signup_message')}
              className={`form-control ${invalid('signup_message')}`}
              rows={3}
              maxLength={SIGNUP_MESSAGE_MAX}
            />
          )}
        </Field>
      )}

      <SignupProblem problem={problem} email={form.getValues('email')} />

      {/* Not before the app has taken a drawn form over: the browser would send it itself. */}
      <button type="submit" className="btn btn-primary btn-lg w-100" disabled={isSubmitting || !hydrated}>
        {isSubmitting ? t('signup.submitting') : t('signup.submit')}
      </button>
      <p className="signup-terms">
        {withLinks(t('signup.terms'), { terms: '/pages/terms', privacy: '/pages/privacy' })}
      </p>
      <p className="signup-login">
        {t('signup.haveAccount')} <Link to="/login">{t('shell.login')}</Link>
      </p>
    </form>
  );
}

/**
 * A catalog sentence with `<name>…</name>` parts turned into links. Done here rather than with
 * react-i18next's Trans, which the first page would then download too.
 */
function withLinks(text: string, links: Record<string, string>): ReactNode[] {
  return text.split(/(<\w+>[^<]*<\/\w+>)/).map((part, i) => {
    const m = /^<(\w+)>([^<]*)<\/\1>$/.exec(part);
    const to = m ? links[m[1] as string] : undefined;
    return to ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: parts of one fixed sentence, never reordered
      <Link key={i} to={to}>
        {m?.[2]}
      </Link>
    ) : (
      part
    );
  });
}

/** The answers that are not about one field: an existing or deleted account, closed signup, a failure. */
function SignupProblem({ problem, email }: { problem: ApiError | null; email: string }) {
  const { t } = useTranslation();
  // One live region that stays in the page, so a screen reader hears what appears in it.
  return (
    <div role="alert" className={problem ? 'alert alert-danger signup-problem mb-0' : 'signup-problem-slot'}>
      {problem && <p className="mb-0">{problem.body?.message ?? t('error.internal')}</p>}
      {problem?.code === 'account_exists' && (
        <Link to="/login" state={{ email }} className="btn btn-sm btn-primary mt-2">
          {t('shell.login')}
        </Link>
      )}
      {problem?.code === 'account_deleted' && (
        <Link to="/pages/service" className="d-inline-block mt-2">
          {t('signup.contactService')}
        </Link>
      )}
    </div>
  );
}
