import { TRACKING_COOKIE, TRACKING_COOKIE_DAYS } from '../../common/constants';
import { parseTracking, type Tracking, trackingOfAddress } from '../../common/rules/tracking';
import { drawnRequest } from './drawn-request';
import { safeStorage } from './storage';

// Where earlier versions kept the values (the browser's storage, which the server cannot read).
const LEGACY_STORAGE_KEY = 'tracking';

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
  // Drawing a page on the server (web/entry-server.tsx): the values of the request being drawn.
  if (typeof window === 'undefined') return drawnRequest()?.tracking ?? {};
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
