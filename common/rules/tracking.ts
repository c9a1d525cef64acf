/**
 * The traffic source a visitor brings (an ad network's values in the address), as the browser
 * remembers it (web/state/tracking.ts) and the server reads it to draw a lander.
 */
export const TRACKING_KEYS = ['network', 'ref', 'sub1', 'sub2', 'sub3'] as const;
export type Tracking = Partial<Record<(typeof TRACKING_KEYS)[number] | 'landing', string>>;

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
