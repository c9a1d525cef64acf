import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { FALLBACK_LOCALE, LOCALE_COOKIE, type Locale } from '../common/constants';
import { chooseLocale, isLocale } from '../common/rules/locale';

type Catalog = Record<string, unknown>;
const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), '../common/locales');
const catalogs = new Map<string, Catalog>();

function readCatalog(file: string): Catalog {
  let c = catalogs.get(file);
  if (!c) {
    c = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as Catalog;
    catalogs.set(file, c);
  }
  return c;
}

/**
 * A language's catalog: the app's, or with `pages` the information pages' (common/locales/pages).
 * The app's includes the texts only the server sends (mails, SMS, share previews, the demo
 * checkout: common/locales/server), kept apart so that browsers never download them.
 */
export function catalog(lng: Locale, ns: 'translation' | 'pages' = 'translation'): Catalog {
  if (ns === 'pages') return readCatalog(`pages/${lng}.json`);
  const key = `all/${lng}`;
  let c = catalogs.get(key);
  if (!c) {
    c = { ...readCatalog(`${lng}.json`), ...readCatalog(`server/${lng}.json`) };
    catalogs.set(key, c);
  }
  return c;
}

function lookup(c: Catalog, key: string): string | undefined {
  let node: unknown = c;
  for (const part of key.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** i18next's plural key for a count: `key_one`, `key_other`… by the language's CLDR rules. */
function pluralKey(lng: Locale, key: string, count: unknown): string | null {
  return typeof count === 'number' ? `${key}_${new Intl.PluralRules(lng).select(count)}` : null;
}

/**
 * Server-side translation from the same catalogs as the browser, with `{{name}}` interpolation and,
 * as in i18next, the plural form that a numeric `count` asks for; `pages:key` reads the
 * information pages' catalog.
 */
export function translate(lng: Locale, id: string, vars: Record<string, string | number> = {}): string {
  const ns = id.startsWith('pages:') ? 'pages' : 'translation';
  const key = ns === 'pages' ? id.slice('pages:'.length) : id;
  const plural = pluralKey(lng, key, vars.count);
  const fallbackPlural = pluralKey(FALLBACK_LOCALE, key, vars.count);
  const text =
    (plural && lookup(catalog(lng, ns), plural)) ??
    lookup(catalog(lng, ns), key) ??
    (fallbackPlural && lookup(catalog(FALLBACK_LOCALE, ns), fallbackPlural)) ??
    lookup(catalog(FALLBACK_LOCALE, ns), key) ??
    id;
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(vars[name] ?? ''));
}

/** The member's language for a request: the locale cookie, else the site's language, else the country's. */
export function requestLocale(
  cookies: Record<string, string | undefined>,
  domainLanguage?: string,
  country?: string | null,
): Locale {
  const cookie = cookies[LOCALE_COOKIE];
  return chooseLocale({ cookie: isLocale(cookie) ? cookie : null, domainLanguage, country });
}
