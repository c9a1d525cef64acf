import i18next, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import {
  DEFAULT_LOCALE,
  FALLBACK_LOCALE,
  LOCALE_COOKIE,
  LOCALE_COOKIE_DAYS,
  LOCALES,
  type Locale,
} from '../common/constants';
import { CATALOG_PARTS, type CatalogPart } from '../common/locales/parts';
import { isLocale } from '../common/rules/locale';

/**
 * Catalogs are plain JSON files with hashed names, fetched when a language is first used: no
 * catalog is part of the JavaScript. The app's catalog comes in two parts (common/locales/parts.ts):
 * `translation`, what the shell draws with, which the first render waits for, and `screens`, which
 * each screen waits for alongside its chunk (web/state/chunk-reload.ts); `t` looks in both. The
 * `pages` namespace (long legal texts) is fetched only by the information pages, and so are its
 * addresses (web/i18n-pages.ts), like the console's `admin`.
 */
const partUrls: Record<CatalogPart, Record<string, string>> = {
  translation: import.meta.glob<string>('../common/locales/*.json', {
    eager: true,
    query: '?part=translation&url',
    import: 'default',
  }),
  screens: import.meta.glob<string>('../common/locales/*.json', {
    eager: true,
    query: '?part=screens&url',
    import: 'default',
  }),
};

async function catalogUrl(lng: string, ns: string): Promise<string | undefined> {
  if (ns === 'translation' || ns === 'screens') return partUrls[ns][`../common/locales/${lng}.json`];
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

/** Each address is fetched once; a failed fetch is tried again when asked for again. */
const fetches = new Map<string, Promise<ResourceKey>>();

function fetchCatalog(url: string): Promise<ResourceKey> {
  let pending = fetches.get(url);
  if (!pending) {
    pending = fetch(url).then((res) => {
      if (!res.ok) throw new Error(`catalog ${url}: HTTP ${res.status}`);
      return res.json() as Promise<ResourceKey>;
    });
    pending.catch(() => fetches.delete(url));
    fetches.set(url, pending);
  }
  return pending;
}

async function loadCatalog(lng: string, ns: string) {
  const url = await catalogUrl(lng, ns);
  if (!url) throw new Error(`no catalog ${ns}/${lng}`);
  // The screens' part is asked for with the shell's, so that it arrives while the shell renders.
  if (ns === 'translation') {
    const screens = await catalogUrl(lng, 'screens');
    if (screens) void fetchCatalog(screens).catch(() => undefined);
  }
  return fetchCatalog(url);
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
      // The first render waits for the shell's part only; `t` finds the screens' texts once
      // loaded, and a language change then loads both parts before it switches.
      ns: ['translation'],
      defaultNS: 'translation',
      fallbackNS: CATALOG_PARTS[1],
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
