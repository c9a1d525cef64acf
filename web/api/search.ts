import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { geocodeEndpoints } from '../../common/api/endpoints/geocode';
import { membersEndpoints } from '../../common/api/endpoints/members';
import { profileEndpoints } from '../../common/api/endpoints/profile';
import type { GeocodeResponse, SearchFilters, SearchResponse } from '../../common/api/search';
import { COUNT_CAP, SEARCH_PAGE_SIZE } from '../../common/constants';
import { call } from './client';
import { ownProfileKey } from './profile-edit';

/**
 * Similar results are offered when the exact ones run out with fewer than a page of them: a
 * member who finds a handful of matches then still has profiles to look at.
 */
export const SIMILAR_BELOW = SEARCH_PAGE_SIZE;

export type SearchOptions = {
  similar: boolean;
  /** A visitor's tracking network: the server applies logged_out_search_trafficsource to it. */
  network?: string;
  enabled: boolean;
};

export const searchKeyRoot = 'member-search';
export const searchKey = (filters: SearchFilters, similar: boolean, network?: string) =>
  [searchKeyRoot, { ...filters, similar, network: network ?? null }] as const;

export function fetchSearchPage(
  filters: SearchFilters,
  { similar, network }: Pick<SearchOptions, 'similar' | 'network'>,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<SearchResponse> {
  return call(
    membersEndpoints.search,
    { query: { ...filters, cursor, similar: similar ? 'true' : undefined, network } },
    { signal },
  );
}

/**
 * GET /api/members.php, one page per cursor, accumulated as the member scrolls.
 * The pages stay cached for half an hour, so coming back from a profile shows them at once.
 */
export function useMemberSearch(filters: SearchFilters, options: SearchOptions) {
  return useInfiniteQuery({
    queryKey: searchKey(filters, options.similar, options.network),
    queryFn: ({ pageParam, signal }) => fetchSearchPage(filters, options, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    enabled: options.enabled,
    staleTime: 5 * 60_000,
    gcTime: 30 * 60_000,
  });
}

/** The count above the results: exact up to COUNT_CAP, then "1000+". */
export function countLabel(numResults: number): string {
  return numResults > COUNT_CAP ? `${COUNT_CAP}+` : String(numResults);
}

/** GET /api/geocode.php: the country and region of a point. The coordinates go no further. */
export function fetchGeocode(lat: number, lon: number): Promise<GeocodeResponse> {
  return call(geocodeEndpoints.lookup, { query: { lat, lon } });
}

/**
 * The member's own profile (the same cache entry as the profile screen's), for the preferences the
 * search starts from. Only asked for when logged in: a visitor would get authentication_required.
 */
export function useOwnPreferences(enabled: boolean) {
  return useQuery({
    queryKey: ownProfileKey,
    queryFn: () => call(profileEndpoints.get),
    select: (d) => d.profile,
    enabled,
  });
}
