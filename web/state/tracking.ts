import { TRACKING_COOKIE, TRACKING_COOKIE_DAYS } from '../../common/constants';
import { safeStorage } from './storage';

export const TRACKING_KEYS = ['network', 'ref', 'sub1', 'sub2', 'sub3'] as const;
export type Tracking = Partial<Record<(typeof TRACKING_KEYS)[number] | 'landing', string>>;

// Where earlier versions kept the values (the browser's storage, which the server cannot read).
const LEGACY_STORAGE_KEY = 'tracking';

/** The tracking values an address brings, with the page they came on (`landing`); {} for none. */
export function trackingOfAddress(pathname: string, search: string): Tracking {
  const params = new URLSearchParams(search);
  const found: Tracking = {};
  for (const key of TRACKING_KEYS) {
    const value = params.get(key);
    if (value) found[key] = value.slice(0, 100);
  }
  return Object.keys(found).length > 0 ? { ...found, landing: pathname.slice(0, 300) } : {};
}

/** The remembered values (the cookie's JSON): only known keys with text, never a throw. */
export function parseTracking(json: string | null | undefined): Tracking {
  try {
    const value: unknown = JSON.parse(json ?? '{}');
    if (!value || typeof value !== 'object') return {};
    const found: Tracking = {};
    for (const key of [...TRACKING_KEYS, 'landing'] as const) {
      const v = (value as Record<string, unknown>)[key];
      if (typeof v === 'string' && v) found[key] = v.slice(0, key === 'landing' ? 300 : 100);
    }
    return found;
  } catch {
    return {};
  }
}

/**
 * What a page goes by: the values of its address when it brings any (a new source replaces the old
 * set), else the remembered ones. The server drawing a lander and the browser taking it over both
 * decide it here, from the same address and cookie, so both draw the page alike.
 */
export function currentTracking(pathname: string, search: string, remembered: Tracking): Tracking {
  const fromAddress = trackingOfAddress(pathname, search);
  return Object.keys(fromAddress).length > 0 ? fromAddress : remembered;
}

function readCookie(): string | null {
  const match = document.cookie.match(new RegExp(`(?:^|; )${TRACKING_COOKIE}=([^;]*)`));
  try {
    return match ? decodeURIComponent(match[1] ?? '') : null;
  } catch {
    return null;
  }
}

function writeCookie(tracking: Tracking) {
  const maxAge = TRACKING_COOKIE_DAYS * 86_400;
  const value = encodeURIComponent(JSON.stringify(tracking));
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in Firefox and Safari.
  document.cookie = `${TRACKING_COOKIE}=${value}; path=/; max-age=${maxAge}; samesite=lax`;
}

export function readTracking(): Tracking {
  // Drawing a lander on the server (web/entry-server.tsx): the values of the request being drawn.
  if (typeof window === 'undefined')
    return (
      (globalThis as { ssrTracking?: { getStore(): Tracking | undefined } }).ssrTracking?.getStore() ?? {}
    );
  return parseTracking(readCookie());
}

/**
 * Tracking query parameters are stored on start; a new network replaces the old set. The page they
 * came on goes with them (`landing`): reports count signups per lander. They are kept in a cookie,
 * so the server draws the visitor's next lander with them, as the browser then renders it.
 */
export function storeTrackingFromUrl(pathname: string, search: string) {
  const found = trackingOfAddress(pathname, search);
  if (Object.keys(found).length > 0) writeCookie(found);
  else if (!readCookie()) {
    // A source remembered by an earlier version moves into the cookie once.
    const legacy = parseTracking(safeStorage.get(LEGACY_STORAGE_KEY));
    if (Object.keys(legacy).length > 0) writeCookie(legacy);
  }
  safeStorage.remove(LEGACY_STORAGE_KEY);
}
