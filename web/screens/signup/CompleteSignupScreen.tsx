import './signup.scss';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate } from 'react-router';
import {
  type CompleteSignupBody,
  completeSignupRequest,
  type SignupProfile,
} from '../../../common/api/signup';
import { MAX_AGE, MIN_AGE } from '../../../common/constants';
import {
  BODY_TYPES,
  EYE_COLOURS,
  HAIR_COLOURS,
  REASONS,
  RELATIONSHIP_STATUSES,
  SEXUALITIES,
  TATTOOS,
} from '../../../common/profile-options';
import { SIGNUP_COMPLETE_QUERY } from '../../../common/rules/activation-reminder';
import { ApiError } from '../../api/client';
import { completeSignup, useSignupProfile } from '../../api/signup';
import { useInterests, useRegions } from '../../api/site';
import { useUser } from '../../api/user';
import { Field } from '../../components/FormField';
import { loginPath } from '../../state/auth';
import { InterestChoice } from './InterestChoice';

// A finished signup says so in the URL: on a phone the activation reminder is then a modal.
const SIGNUP_DONE = `/signup-matches?${SIGNUP_COMPLETE_QUERY}=1`;

const CHOICES = [
  ['relationship_status', RELATIONSHIP_STATUSES],
  ['hair_colour', HAIR_COLOURS],
  ['eye_colour', EYE_COLOURS],
  ['body_type', BODY_TYPES],
  ['tattoos', TATTOOS],
  ['reason', REASONS],
] as const;
const AGES = Array.from({ length: MAX_AGE - MIN_AGE + 1 }, (_, i) => MIN_AGE + i);
const orNull = (v: unknown) => (v === '' || v === null || v === undefined ? null : v);

/** /complete-signup: the profile fields the signup did not ask, then the suggested members. */
export default function Screen() {
  const { t } = useTranslation();
  const { data: user, isPending } = useUser();
  const profile = useSignupProfile();
  if (isPending || (user && !profile.data))
    return <section className="container complete-signup-page" aria-busy="true" />;
  if (!user) return <Navigate to={loginPath('/complete-signup')} replace />;
  return (
    <section className="container complete-signup-page">
      <h1>{t('completeSignup.title', { name: user.profile.name })}</h1>
      <p className="lead">{t('completeSignup.intro')}</p>
      <CompleteSignupForm profile={profile.data as SignupProfile} />
    </section>
  );
}

function CompleteSignupForm({ profile }: { profile: SignupProfile }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const interests = useInterests(i18n.language);
  const regions = useRegions(profile.country);
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm<CompleteSignupBody>({
    resolver: zodResolver(completeSignupRequest),
    defaultValues: {
      sexuality: profile.sexuality,
      relationship_status: profile.relationship_status,
      hair_colour: profile.hair_colour,
      eye_colour: profile.eye_colour,
      body_type: profile.body_type,
      tattoos: profile.tattoos,
      reason: profile.reason,
      region: profile.region,
      seeking_min_age: profile.seeking_min_age,
      seeking_max_age: profile.seeking_max_age,
      interests: profile.interests,
    },
  });
  const { errors, isSubmitting } = form.formState;
  const countryRegions = (regions.data ?? []).filter((r) => r.country === profile.country);

  const submit = form.handleSubmit(async (values) => {
    setProblem(null);
    try {
      await completeSignup(values);
      navigate(SIGNUP_DONE);
    } catch (err) {
      if (err instanceof ApiError && err.body?.fields) {
        for (const [name, message] of Object.entries(err.body.fields))
          form.setError(name as keyof CompleteSignupBody, { type: 'server', message }, { shouldFocus: true });
      } else setProblem(err instanceof ApiError && err.body ? err.body.message : t('error.internal'));
    }
  });

  const select = (
    name: keyof CompleteSignupBody,
    options: readonly (string | number)[],
    label: (v: string) => string,
    optional: boolean,
  ) => (
    <Field id={`cs-${name}`} label={t(`completeSignup.field.${name}`)} error={errors[name] as never}>
      {(aria) => (
        <select
          {...aria}
          className="form-select"
          {...form.register(name, { setValueAs: optional ? orNull : undefined })}
        >
          {optional && <option value="">{t('completeSignup.notSaying')}</option>}
          {options.map((o) => (
            <option key={o} value={o}>
              {label(String(o))}
            </option>
          ))}
        </select>
      )}
    </Field>
  );

  return (
    <form className="complete-signup-form" noValidate onSubmit={submit} aria-busy={isSubmitting}>
      <fieldset className="complete-signup-group">
        <legend>{t('completeSignup.aboutYou')}</legend>
        <div className="complete-signup-grid">
          {select('sexuality', SEXUALITIES, (v) => t(`profile.sexuality.${v}`), false)}
          {CHOICES.map(([name, values]) => select(name, values, (v) => t(`profile.${name}.${v}`), true))}
          {countryRegions.length > 0 &&
            select(
              'region',
              countryRegions.map((r) => r.code),
              (code) => countryRegions.find((r) => r.code === code)?.name ?? code,
              true,
            )}
        </div>
      </fieldset>

      <fieldset className="complete-signup-group">
        <legend>{t('completeSignup.seeking')}</legend>
        <div className="complete-signup-ages">
          {(['seeking_min_age', 'seeking_max_age'] as const).map((name) => (
            <Field
              key={name}
              id={`cs-${name}`}
              label={t(`completeSignup.field.${name}`)}
              error={errors[name]}
            >
              {(aria) => (
                <select {...aria} className="form-select" {...form.register(name, { valueAsNumber: true })}>
                  {AGES.map((age) => (
                    <option key={age} value={age}>
                      {age}
                    </option>
                  ))}
                </select>
              )}
            </Field>
          ))}
        </div>
      </fieldset>

      <fieldset className="complete-signup-group">
        <legend>{t('completeSignup.interests')}</legend>
        <p className="form-text mt-0">{t('completeSignup.interestsHint')}</p>
        <Controller
          control={form.control}
          name="interests"
          render={({ field }) => (
            <InterestChoice interests={interests.data ?? []} value={field.value} onChange={field.onChange} />
          )}
        />
      </fieldset>

      <div role="alert" className={problem ? 'alert alert-danger mb-0' : 'signup-problem-slot'}>
        {problem}
      </div>
      <div className="complete-signup-actions">
        <button type="submit" className="btn btn-primary btn-lg" disabled={isSubmitting}>
          {isSubmitting ? t('completeSignup.saving') : t('completeSignup.save')}
        </button>
        <Link to={SIGNUP_DONE} className="btn btn-link">
          {t('completeSignup.later')}
        </Link>
      </div>
    </form>
  );
}
