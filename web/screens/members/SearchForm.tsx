import { type FormEvent, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SearchFilters } from '../../../common/api/search';
import { MAX_AGE, MIN_AGE } from '../../../common/constants';
import { GENDERS } from '../../../common/profile-options';
import { useRegions, useSettings } from '../../api/site';
import { LocateControl } from './LocateControl';

const ages = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
const numberOrUndefined = (value: string) => (value === '' ? undefined : Number(value));

/**
 * The filters the site's `search_fields` allow. Choices are collected here and applied with the
 * search button, so each change does not start a search of its own; the age lists never offer a
 * minimum above the maximum.
 */
export function SearchForm(props: {
  filters: SearchFilters;
  onApply: (filters: SearchFilters) => void;
  onReset: () => void;
}) {
  const { t, i18n } = useTranslation();
  const settings = useSettings();
  const fields = settings.search_fields;
  const regions = useRegions().data;
  const [draft, setDraft] = useState(props.filters);
  const [open, setOpen] = useState(false);
  const id = useId();
  const countryNames = useMemo(
    () => new Intl.DisplayNames([i18n.language], { type: 'region' }),
    [i18n.language],
  );
  const countryRegions = useMemo(
    () =>
      (regions ?? [])
        .filter((r) => r.country === draft.country)
        .sort((a, b) => a.name.localeCompare(b.name, i18n.language)),
    [regions, draft.country, i18n.language],
  );
  const set = (patch: SearchFilters) => setDraft((d) => ({ ...d, ...patch }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setOpen(false);
    props.onApply(draft);
  };
  const active = Object.values(props.filters).filter((v) => v !== undefined && v !== '').length;
  const any = t('members.filters.any');

  return (
    <search className="search-form" aria-label={t('members.filters.label')}>
      <form onSubmit={submit}>
        <button
          type="button"
          className="btn btn-outline-secondary search-form-toggle"
          aria-expanded={open}
          aria-controls={`${id}-panel`}
          onClick={() => setOpen((o) => !o)}
        >
          {t('members.filters.toggle')}
          {active > 0 && <span className="search-form-count">{active}</span>}
        </button>
        <div id={`${id}-panel`} className={`search-form-panel${open ? ' is-open' : ''}`}>
          <div className="search-fields">
            {fields.includes('gender') && (
              <div className="search-field">
                <label className="form-label" htmlFor={`${id}-gender`}>
                  {t('members.filters.gender')}
                </label>
                <select
                  id={`${id}-gender`}
                  className="form-select"
                  value={draft.gender ?? ''}
                  onChange={(e) => set({ gender: (e.target.value || undefined) as SearchFilters['gender'] })}
                >
                  <option value="">{any}</option>
                  {GENDERS.map((g) => (
                    <option key={g} value={g}>
                      {t(`profile.gender.${g}`)}
                    </option>
                  ))}
                </select>
              </div>
            )}
            {fields.includes('country') && (
              <div className="search-field">
                <label className="form-label" htmlFor={`${id}-country`}>
                  {t('members.filters.country')}
                </label>
                <select
                  id={`${id}-country`}
                  className="form-select"
                  value={draft.country ?? ''}
                  onChange={(e) => set({ country: e.target.value || undefined, countryregion: undefined })}
                >
                  <option value="">{any}</option>
                  {settings.countries.map((c) => (
                    <option key={c} value={c}>
                      {countryNames.of(c) ?? c}
                    </option>
                  ))}
                </select>
              </div>
            )}
            {fields.includes('countryregion') && (
              <div className="search-field">
                <label className="form-label" htmlFor={`${id}-region`}>
                  {t('members.filters.region')}
                </label>
                <select
                  id={`${id}-region`}
                  className="form-select"
                  value={draft.countryregion ?? ''}
                  disabled={!draft.country || countryRegions.length === 0}
                  onChange={(e) => set({ countryregion: e.target.value || undefined })}
                >
                  <option value="">{draft.country ? any : t('members.filters.regionFirst')}</option>
                  {countryRegions.map((r) => (
                    <option key={r.code} value={r.code}>
                      {r.name}
                    </option>
                  ))}
                </select>
              </div>
            )}
            {(fields.includes('min_age') || fields.includes('max_age')) && (
              <fieldset className="search-field search-ages">
                <legend className="form-label">{t('members.filters.age')}</legend>
                <div className="search-ages-inputs">
                  {fields.includes('min_age') && (
                    <select
                      className="form-select"
                      aria-label={t('members.filters.minAge')}
                      value={draft.min_age ?? ''}
                      onChange={(e) => set({ min_age: numberOrUndefined(e.target.value) })}
                    >
                      <option value="">{t('members.filters.from', { age: MIN_AGE })}</option>
                      {ages(MIN_AGE, draft.max_age ?? MAX_AGE).map((a) => (
                        <option key={a} value={a}>
                          {a}
                        </option>
                      ))}
                    </select>
                  )}
                  {fields.includes('min_age') && fields.includes('max_age') && (
                    <span aria-hidden="true">–</span>
                  )}
                  {fields.includes('max_age') && (
                    <select
                      className="form-select"
                      aria-label={t('members.filters.maxAge')}
                      value={draft.max_age ?? ''}
                      onChange={(e) => set({ max_age: numberOrUndefined(e.target.value) })}
                    >
                      <option value="">{t('members.filters.to', { age: MAX_AGE })}</option>
                      {ages(draft.min_age ?? MIN_AGE, MAX_AGE).map((a) => (
                        <option key={a} value={a}>
                          {a}
                        </option>
                      ))}
                    </select>
                  )}
                </div>
              </fieldset>
            )}
          </div>
          <div className="search-actions">
            <button type="submit" className="btn btn-primary">
              {t('members.filters.search')}
            </button>
            <button type="button" className="btn btn-outline-secondary" onClick={props.onReset}>
              {t('members.filters.reset')}
            </button>
            {(fields.includes('country') || fields.includes('countryregion')) && (
              <LocateControl
                onFound={(place) => {
                  if (!place.country || !settings.countries.includes(place.country)) return;
                  const next = {
                    ...draft,
                    country: place.country,
                    countryregion: place.countryregion ?? undefined,
                  };
                  setDraft(next);
                  props.onApply(next);
                }}
              />
            )}
          </div>
        </div>
      </form>
    </search>
  );
}
