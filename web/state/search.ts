import { useSyncExternalStore } from 'react';
import type { GeocodeResponse, SearchFilters } from '../../common/api/search';
import { COUNTRY_COOKIE, MAX_AGE, MIN_AGE } from '../../common/constants';
import { GENDERS } from '../../common/profile-options';

/** The geolocation permission: unsupported, unknown, or the browser's own permission state. */
export type GeoPermission = 'unsupported' | 'unknown' | PermissionState;

/**
 * The search state that outlives the screen: the start, and the scroll position a member who opens
 * a profile and comes back finds again (the chosen filters live in the address). The paged results, their count and the similar
 * results live in the TanStack Query cache under these filters (web/api/search.ts).
 */
export type SearchState = {
  /** Whose state this is (member id, or null for a visitor): another login starts afresh. */
  owner: number | null | undefined;
  /** Where the search starts (an address without filters): made once from the member's own preferences. */
  filters: SearchFilters;
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

/**
 * The filters written in the address of the search (`/members?gender=female&min_age=25`), so that
 * a reload, a shared link and the browser's back and forward keep them. What does not parse is left
 * out (the server would refuse it); null when the address names no filter at all.
 */
export function filtersFromQuery(query: URLSearchParams): SearchFilters | null {
  const filters: SearchFilters = {};
  const gender = query.get('gender');
  if (GENDERS.some((g) => g === gender)) filters.gender = gender as SearchFilters['gender'];
  const country = query.get('country');
  if (country && /^[A-Z]{2}$/.test(country)) {
    filters.country = country;
    const region = query.get('countryregion');
    if (region && region.length <= 10) filters.countryregion = region;
  }
  const age = (key: string) => {
    const v = Number(query.get(key) ?? Number.NaN);
    return Number.isInteger(v) && v >= MIN_AGE && v <= MAX_AGE ? v : undefined;
  };
  const min = age('min_age');
  const max = age('max_age');
  if (min !== undefined) filters.min_age = min;
  if (max !== undefined && (min === undefined || max >= min)) filters.max_age = max;
  return Object.keys(filters).length > 0 ? filters : null;
}

/** The address query of the filters, in a fixed order; empty for no filters (everyone). */
export function queryOfFilters(filters: SearchFilters): string {
  const query = new URLSearchParams();
  for (const key of ['gender', 'country', 'countryregion', 'min_age', 'max_age'] as const) {
    const v = filters[key];
    if (v !== undefined && v !== '') query.set(key, String(v));
  }
  const text = query.toString();
  return text ? `?${text}` : '';
}

// The chosen country is remembered as long as the language choice is.
const COUNTRY_COOKIE_DAYS = 365;

/** The server reads this cookie as the visitor's selected country (site settings, prices). */
export function writeCountryCookie(country: string) {
  const maxAge = COUNTRY_COOKIE_DAYS * 86_400;
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in Firefox and Safari.
  document.cookie = `${COUNTRY_COOKIE}=${encodeURIComponent(country)}; path=/; max-age=${maxAge}; samesite=lax`;
}
