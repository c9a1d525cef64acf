import { useSyncExternalStore } from 'react';
import type { GeocodeResponse, SearchFilters } from '../../common/api/search';
import { COUNTRY_COOKIE } from '../../common/constants';

/** The geolocation permission: unsupported, unknown, or the browser's own permission state. */
export type GeoPermission = 'unsupported' | 'unknown' | PermissionState;

/**
 * The search state that outlives the screen, so a member who opens a profile and comes back finds
 * the same filters at the same scroll position. The paged results, their count and the similar
 * results live in the TanStack Query cache under these filters (web/api/search.ts).
 */
export type SearchState = {
  /** Whose state this is (member id, or null for a visitor): another login starts afresh. */
  owner: number | null | undefined;
  filters: SearchFilters;
  /** Prefilled once from the member's own preferences; after that, the member's choices stand. */
  didInit: boolean;
  geoPermission: GeoPermission;
  /** The last geocode answer; false when locating or geocoding failed. Never coordinates. */
  geocode: GeocodeResponse | false | null;
};

const initial: SearchState = {
  owner: undefined,
  filters: {},
  didInit: false,
  geoPermission: 'unknown',
  geocode: null,
};

let state = initial;
const listeners = new Set<() => void>();

export function getSearchState(): SearchState {
  return state;
}

export function updateSearchState(patch: Partial<SearchState>) {
  state = { ...state, ...patch };
  for (const listener of listeners) listener();
}

/**
 * Where the results were scrolled to, for the way back from a profile. Kept apart from the state
 * above: it changes with every scroll event, and nothing on screen depends on it.
 */
let scrollY = 0;
export const searchScroll = {
  get: () => scrollY,
  set: (y: number) => {
    scrollY = y;
  },
};

/** Forgets everything (another member logged in, or a test starts afresh). */
export function resetSearchState() {
  state = initial;
  scrollY = 0;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSearchState(): SearchState {
  return useSyncExternalStore(subscribe, getSearchState, getSearchState);
}

/** Only the filters the site's `search_fields` show; the rest would narrow the search unseen. */
export function visibleFilters(filters: SearchFilters, fields: readonly string[]): SearchFilters {
  return Object.fromEntries(
    Object.entries(filters).filter(([k, v]) => v !== undefined && v !== '' && fields.includes(k)),
  ) as SearchFilters;
}

// The chosen country is remembered as long as the language choice is.
const COUNTRY_COOKIE_DAYS = 365;

/** The server reads this cookie as the visitor's selected country (site settings, prices). */
export function writeCountryCookie(country: string) {
  const maxAge = COUNTRY_COOKIE_DAYS * 86_400;
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in Firefox and Safari.
  document.cookie = `${COUNTRY_COOKIE}=${encodeURIComponent(country)}; path=/; max-age=${maxAge}; samesite=lax`;
}
