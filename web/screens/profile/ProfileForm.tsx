import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { Controller, type FieldPath, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { Interest } from '../../../common/api/interests';
import {
  ABOUT_MAX,
  NAME_MAX,
  type OwnProfile,
  type ProfileEditBody,
  profileEditSchema,
} from '../../../common/api/profile-edit';
import type { Region } from '../../../common/api/regions';
import { MAX_AGE, MIN_AGE } from '../../../common/constants';
import {
  BODY_TYPES,
  EYE_COLOURS,
  GENDERS,
  HAIR_COLOURS,
  REASONS,
  RELATIONSHIP_STATUSES,
  SEXUALITIES,
  TATTOOS,
} from '../../../common/profile-options';
import { latestBirthDate } from '../../../common/rules/signup';
import { ApiError } from '../../api/client';
import { useSaveProfile } from '../../api/profile-edit';
import { useSettings } from '../../api/site';
import { Field } from '../../components/FormField';
import { InterestPicker } from './InterestPicker';

type Values = ProfileEditBody;
const nullable = { setValueAs: (v: string) => (v === '' ? null : v) };

function formValues(p: OwnProfile): Values {
  return {
    name: p.name,
    gender: p.gender,
    sexuality: p.sexuality,
    birth_date: p.birth_date,
    relationship_status: p.relationship_status,
    hair_colour: p.hair_colour,
    eye_colour: p.eye_colour,
    body_type: p.body_type,
    tattoos: p.tattoos,
    reason: p.reason,
    about: p.about,
    country: p.country,
    region: p.region,
    seeking_gender: p.seeking_gender,
    seeking_min_age: p.seeking_min_age ?? MIN_AGE,
    seeking_max_age: p.seeking_max_age ?? MAX_AGE,
    interests: p.interests,
  };
}

/** Every profile field, checked by the same rules as the server before it is sent. */
export function ProfileForm(props: { profile: OwnProfile; regions: Region[]; interests: Interest[] }) {
  const { t, i18n } = useTranslation();
  const settings = useSettings();
  const save = useSaveProfile();
  const { regions } = props;
  const schema = useMemo(
    () =>
      profileEditSchema({
        email: props.profile.email,
        countries: settings.countries,
        today: new Date(),
        regionsOf: (c) => regions.filter((r) => r.country === c).map((r) => r.code),
      }),
    [props.profile.email, settings.countries, regions],
  );
  const form = useForm<Values, unknown, Values>({
    resolver: zodResolver(schema),
    defaultValues: formValues(props.profile),
    mode: 'onTouched',
  });
  const { register, formState, watch, setValue, control, handleSubmit, setError, reset } = form;
  const errors = formState.errors;
  const country = watch('country');
  const about = watch('about');
  const countryNames = useMemo(
    () => new Intl.DisplayNames([i18n.language], { type: 'region' }),
    [i18n.language],
  );

  const submit = handleSubmit((values) =>
    save.mutate(values, {
      onSuccess: (data) => reset(formValues(data.profile)),
      onError: (err) => {
        const fields = err instanceof ApiError ? err.body?.fields : undefined;
        Object.entries(fields ?? {}).forEach(([name, message], i) => {
          const field = name.split('.')[0] as FieldPath<Values>;
          setError(field, { type: 'server', message }, { shouldFocus: i === 0 });
        });
      },
    }),
  );

  const options = (field: string, values: readonly string[], empty?: string) => (
    <>
      {empty !== undefined && <option value="">{empty}</option>}
      {values.map((v) => (
        <option key={v} value={v}>
          {t(`profile.${field}.${v}`)}
        </option>
      ))}
    </>
  );
  const notSpecified = t('profileEdit.notSpecified');
  const select = (
    name: 'relationship_status' | 'hair_colour' | 'eye_colour' | 'body_type' | 'tattoos' | 'reason',
    values: readonly string[],
  ) => (
    <Field
      className="profile-field"
      id={`profile-${name}`}
      label={t(`profileEdit.fields.${name}`)}
      error={errors[name]}
    >
      {(aria) => (
        <select className="form-select" {...aria} {...register(name, nullable)}>
          {options(name, values, notSpecified)}
        </select>
      )}
    </Field>
  );
  const invalid = formState.isSubmitted && Object.keys(errors).length > 0;

  return (
    <form className="profile-form" onSubmit={submit} noValidate>
      <section className="profile-card" aria-labelledby="profile-basics">
        <h2 id="profile-basics">{t('profileEdit.sections.basics')}</h2>
        <div className="field-grid">
          <Field
            className="profile-field"
            id="profile-name"
            label={t('profileEdit.fields.name')}
            error={errors.name}
          >
            {(aria) => (
              <input
                className="form-control"
                autoComplete="nickname"
                maxLength={NAME_MAX}
                {...aria}
                {...register('name')}
              />
            )}
          </Field>
          <Field
            className="profile-field"
            id="profile-birth-date"
            label={t('profileEdit.fields.birth_date')}
            error={errors.birth_date}
          >
            {(aria) => (
              <input
                className="form-control"
                type="date"
                autoComplete="bday"
                max={latestBirthDate(new Date())}
                {...aria}
                {...register('birth_date')}
              />
            )}
          </Field>
          <Field
            className="profile-field"
            id="profile-gender"
            label={t('profileEdit.fields.gender')}
            error={errors.gender}
          >
            {(aria) => (
              <select className="form-select" {...aria} {...register('gender')}>
                {options('gender', GENDERS)}
              </select>
            )}
          </Field>
          <Field
            className="profile-field"
            id="profile-sexuality"
            label={t('profileEdit.fields.sexuality')}
            error={errors.sexuality}
          >
            {(aria) => (
              <select className="form-select" {...aria} {...register('sexuality')}>
                {options('sexuality', SEXUALITIES)}
              </select>
            )}
          </Field>
          <Field
            className="profile-field field-wide"
            id="profile-about"
            label={t('profileEdit.fields.about')}
            error={errors.about}
            hint={t('profileEdit.aboutCount', { count: about.length, max: ABOUT_MAX })}
          >
            {(aria) => <textarea className="form-control" rows={5} {...aria} {...register('about')} />}
          </Field>
        </div>
      </section>

      <section className="profile-card" aria-labelledby="profile-details">
        <h2 id="profile-details">{t('profileEdit.sections.details')}</h2>
        <div className="field-grid">
          {select('relationship_status', RELATIONSHIP_STATUSES)}
          {select('reason', REASONS)}
          {select('hair_colour', HAIR_COLOURS)}
          {select('eye_colour', EYE_COLOURS)}
          {select('body_type', BODY_TYPES)}
          {select('tattoos', TATTOOS)}
        </div>
      </section>

      <section className="profile-card" aria-labelledby="profile-location">
        <h2 id="profile-location">{t('profileEdit.sections.location')}</h2>
        <div className="field-grid">
          <Field
            className="profile-field"
            id="profile-country"
            label={t('profileEdit.fields.country')}
            error={errors.country}
          >
            {(aria) => (
              <select
                className="form-select"
                {...aria}
                {...register('country', { onChange: () => setValue('region', null) })}
              >
                {settings.countries.map((c) => (
                  <option key={c} value={c}>
                    {countryNames.of(c) ?? c}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field
            className="profile-field"
            id="profile-region"
            label={t('profileEdit.fields.region')}
            error={errors.region}
          >
            {(aria) => (
              <select className="form-select" {...aria} {...register('region', nullable)}>
                <option value="">{notSpecified}</option>
                {regions
                  .filter((r) => r.country === country)
                  .map((r) => (
                    <option key={r.code} value={r.code}>
                      {r.name}
                    </option>
                  ))}
              </select>
            )}
          </Field>
        </div>
      </section>

      <section className="profile-card" aria-labelledby="profile-seeking">
        <h2 id="profile-seeking">{t('profileEdit.sections.seeking')}</h2>
        <div className="field-grid field-grid-3">
          <Field
            className="profile-field"
            id="profile-seeking-gender"
            label={t('profileEdit.fields.seeking_gender')}
            error={errors.seeking_gender}
          >
            {(aria) => (
              <select className="form-select" {...aria} {...register('seeking_gender', nullable)}>
                <option value="">{t('profileEdit.seeking.any')}</option>
                {GENDERS.map((g) => (
                  <option key={g} value={g}>
                    {t(`profileEdit.seeking.${g}`)}
                  </option>
                ))}
              </select>
            )}
          </Field>
          {(['seeking_min_age', 'seeking_max_age'] as const).map((name) => (
            <Field
              className="profile-field"
              key={name}
              id={`profile-${name}`}
              label={t(`profileEdit.fields.${name}`)}
              error={errors[name]}
            >
              {(aria) => (
                <input
                  className="form-control"
                  type="number"
                  inputMode="numeric"
                  min={MIN_AGE}
                  max={MAX_AGE}
                  {...aria}
                  {...register(name, { valueAsNumber: true })}
                />
              )}
            </Field>
          ))}
        </div>
      </section>

      <section className="profile-card" aria-labelledby="profile-interests">
        <h2 id="profile-interests">{t('profileEdit.sections.interests')}</h2>
        <p className="profile-help">{t('profileEdit.interestsHelp')}</p>
        <Controller
          control={control}
          name="interests"
          render={({ field }) => (
            <InterestPicker
              interests={props.interests}
              value={field.value}
              onChange={field.onChange}
              legend={t('profileEdit.sections.interests')}
            />
          )}
        />
      </section>

      <div className="profile-save">
        <button type="submit" className="btn btn-primary btn-lg" disabled={save.isPending}>
          {save.isPending ? t('profileEdit.saving') : t('profileEdit.save')}
        </button>
        <p
          className={`profile-save-status ${invalid || save.isError ? 'text-danger' : 'text-success'}`}
          role="status"
        >
          {invalid
            ? t('profileEdit.fixErrors')
            : save.isError
              ? save.error.message
              : save.isSuccess && !formState.isDirty
                ? t('profileEdit.saved')
                : ''}
        </p>
      </div>
    </form>
  );
}
