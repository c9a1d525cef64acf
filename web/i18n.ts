import i18next, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import {
  DEFAULT_LOCALE,
  FALLBACK_LOCALE,
  LOCALE_COOKIE,
  LOCALE_COOKIE_DAYS,
  LOCALES,
  type Locale,
} from '../common/constants';
import { isLocale } from '../common/rules/locale';

/**
 * Catalogs are plain JSON files with hashed names, fetched when a language is first used: no
 * catalog is part of the JavaScript. The `pages` namespace (long legal texts) is fetched only by
 * the information pages, and so are its addresses (web/i18n-pages.ts).
 */
const catalogUrls = import.meta.glob<string>('../common/locales/*.json', {
  eager: true,
  query: '?url',
  import: 'default',
});

async function catalogUrl(lng: string, ns: string): Promise<string | undefined> {
  if (ns === 'translation') return catalogUrls[`../common/locales/${lng}.json`];
  return (await import('./i18n-pages')).pagesCatalogUrl(lng, ns);
}

export function readLocaleCookie(): Locale | null {
  const match = document.cookie.match(new RegExp(`(?:^|; )${LOCALE_COOKIE}=([^;]*)`));
  const value = match ? decodeURIComponent(match[1] ?? '') : null;
  return isLocale(value) ? value : null;
}

export function writeLocaleCookie(locale: Locale) {
  const maxAge = LOCALE_COOKIE_DAYS * 86_400;
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in Firefox and Safari.
  document.cookie = `${LOCALE_COOKIE}=${locale}; path=/; max-age=${maxAge}; samesite=lax`;
}

async function loadCatalog(lng: string, ns: string) {
  const url = await catalogUrl(lng, ns);
  if (!url) throw new Error(`no catalog ${ns}/${lng}`);
  const res = await fetch(url);
  if (!res.ok) throw new Error(`catalog ${ns}/${lng}: HTTP ${res.status}`);
  return res.json();
}

/** i18next's backend interface over loadCatalog (a few lines instead of a backend package). */
const catalogBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(lng, ns, callback) {
    loadCatalog(lng, ns).then(
      (data) => callback(null, data),
      (err: Error) => callback(err, false),
    );
  },
};

export async function initI18n(locale: Locale) {
  await i18next
    .use(initReactI18next)
    .use(catalogBackend)
    .init({
      lng: locale,
      fallbackLng: FALLBACK_LOCALE,
      supportedLngs: [...LOCALES],
      load: 'currentOnly',
      interpolation: { escapeValue: false },
      react: { useSuspense: true },
      returnNull: false,
    });
  document.documentElement.lang = locale;
  i18next.on('languageChanged', (lng) => {
    document.documentElement.lang = lng;
  });
  return i18next;
}

export { DEFAULT_LOCALE };
