import { safeStorage } from './storage';

export const TRACKING_KEYS = ['network', 'ref', 'sub1', 'sub2', 'sub3'] as const;
export type Tracking = Partial<Record<(typeof TRACKING_KEYS)[number] | 'landing', string>>;
const STORAGE_KEY = 'tracking';

export function readTracking(): Tracking {
  // Drawing a lander on the server (web/entry-server.tsx): the values of the address being drawn.
  if (typeof window === 'undefined')
    return (
      (globalThis as { ssrTracking?: { getStore(): Tracking | undefined } }).ssrTracking?.getStore() ?? {}
    );
  try {
    return JSON.parse(safeStorage.get(STORAGE_KEY) ?? '{}') as Tracking;
  } catch {
    return {};
  }
}

/**
 * Tracking query parameters are stored on start; a new network replaces the old set. The
 * page they came on goes with them (`landing`): reports count signups per lander.
 */
export function storeTrackingFromUrl(pathname: string, search: string) {
  const params = new URLSearchParams(search);
  const found: Tracking = {};
  for (const key of TRACKING_KEYS) {
    const value = params.get(key);
    if (value) found[key] = value.slice(0, 100);
  }
  if (Object.keys(found).length > 0)
    safeStorage.set(STORAGE_KEY, JSON.stringify({ ...found, landing: pathname.slice(0, 300) }));
}
