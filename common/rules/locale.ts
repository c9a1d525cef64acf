import { DEFAULT_LOCALE, LOCALES, type Locale } from '../constants';

/** Locale choice by country: the languages a visitor from that country is offered, first = preferred. */
export const LOCALES_BY_COUNTRY: Record<string, readonly Locale[]> = {
  US: ['en', 'es'],
  NL: ['nl'],
  BE: ['nl', 'fr', 'de'],
  FR: ['fr'],
  IT: ['it'],
  ES: ['es'],
  DE: ['de'],
  AT: ['de'],
  IE: ['en'],
  GB: ['en'],
  CA: ['en', 'fr'],
  PL: ['pl'],
  AU: ['en'],
  NZ: ['en'],
  CH: ['de', 'it', 'fr', 'en'],
  DK: ['da'],
  FI: ['fi', 'sv'],
  NO: ['nb'],
  SE: ['sv'],
};

/** The 19 countries the product serves. */
export const SERVED_COUNTRIES = Object.keys(LOCALES_BY_COUNTRY);

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** The locale that `domain_language` (e.g. "nl_NL", "de-AT") names, when its first two letters are supported. */
export function localeFromDomainLanguage(domainLanguage: string | null | undefined): Locale | null {
  const two = (domainLanguage ?? '').slice(0, 2).toLowerCase();
  // Norwegian sites may say "no"; the catalog is Bokmål.
  const mapped = two === 'no' ? 'nb' : two;
  return isLocale(mapped) ? mapped : null;
}

/**
 * The locale to use, in this order: a stored choice (cookie), the site's domain
 * language, the first language of the visitor's country, the default.
 */
export function chooseLocale(input: {
  cookie?: string | null;
  domainLanguage?: string | null;
  country?: string | null;
}): Locale {
  if (isLocale(input.cookie)) return input.cookie;
  const fromDomain = localeFromDomainLanguage(input.domainLanguage);
  if (fromDomain) return fromDomain;
  const byCountry = input.country ? LOCALES_BY_COUNTRY[input.country.toUpperCase()] : undefined;
  return byCountry?.[0] ?? DEFAULT_LOCALE;
}

/** All locales, the ones offered for the country first (the language dropdown and /lang-config). */
export function localesForCountry(country: string | null | undefined): Locale[] {
  const preferred = (country && LOCALES_BY_COUNTRY[country.toUpperCase()]) || [];
  return [...preferred, ...LOCALES.filter((l) => !preferred.includes(l))];
}

/** Each language's name in that language (endonyms read the same in every catalog). */
export const LOCALE_NAMES: Record<Locale, string> = {
  en: 'English',
  nl: 'Nederlands',
  de: 'Deutsch',
  it: 'Italiano',
  fr: 'Français',
  es: 'Español',
  pl: 'Polski',
  da: 'Dansk',
  fi: 'Suomi',
  nb: 'Norsk bokmål',
  sv: 'Svenska',
};
