import { describe, expect, it } from 'vitest';
import { LOCALES } from '../constants';
import {
  chooseLocale,
  LOCALES_BY_COUNTRY,
  localeFromDomainLanguage,
  localesForCountry,
  SERVED_COUNTRIES,
} from './locale';

describe('locale rules', () => {
  it('serves the 19 countries of the locale table', () => {
    expect(SERVED_COUNTRIES).toHaveLength(19);
    expect(LOCALES_BY_COUNTRY.CH).toEqual(['de', 'it', 'fr', 'en']);
    expect(LOCALES_BY_COUNTRY.BE).toEqual(['nl', 'fr', 'de']);
    expect(LOCALES_BY_COUNTRY.FI).toEqual(['fi', 'sv']);
    expect(LOCALES_BY_COUNTRY.NO).toEqual(['nb']);
  });

  it('takes the first two letters of domain_language when supported', () => {
    expect(localeFromDomainLanguage('nl_NL')).toBe('nl');
    expect(localeFromDomainLanguage('de-AT')).toBe('de');
    expect(localeFromDomainLanguage('no_NO')).toBe('nb');
    expect(localeFromDomainLanguage('pt_BR')).toBeNull();
    expect(localeFromDomainLanguage('')).toBeNull();
  });

  it('prefers the cookie, then the domain language, then the country, then English', () => {
    expect(chooseLocale({ cookie: 'fi', domainLanguage: 'nl_NL', country: 'DE' })).toBe('fi');
    expect(chooseLocale({ cookie: 'xx', domainLanguage: 'nl_NL', country: 'DE' })).toBe('nl');
    expect(chooseLocale({ domainLanguage: 'pt_PT', country: 'SE' })).toBe('sv');
    expect(chooseLocale({ country: 'BR' })).toBe('en');
    expect(chooseLocale({})).toBe('en');
  });

  it("lists every locale once, the country's first", () => {
    const list = localesForCountry('CA');
    expect(list.slice(0, 2)).toEqual(['en', 'fr']);
    expect([...list].sort()).toEqual([...LOCALES].sort());
    expect(localesForCountry(null)).toEqual([...LOCALES]);
  });
});
