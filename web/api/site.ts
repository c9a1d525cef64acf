import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { companyInfoEndpoints } from '../../common/api/endpoints/companyinfo';
import { interestsEndpoints } from '../../common/api/endpoints/interests';
import { regionsEndpoints } from '../../common/api/endpoints/regions';
import { settingsEndpoints } from '../../common/api/endpoints/settings';
import { showcaseEndpoints } from '../../common/api/endpoints/showcase';
import type { SettingsResponse, SiteSettings } from '../../common/api/settings';
import type { Locale } from '../../common/constants';
import { readTracking } from '../state/tracking';
import { call } from './client';

// Site data is loaded once per page load and kept (each loaded once and cached).
const once = { staleTime: Number.POSITIVE_INFINITY, gcTime: Number.POSITIVE_INFINITY } as const;

export const settingsKey = ['settings'] as const;

/** The request host as the forced domain, plus the route's query. */
export function fetchSettings(search: string): Promise<SettingsResponse> {
  const query = Object.fromEntries(new URLSearchParams(search));
  return call(settingsEndpoints.get, { query: { ...query, domain: window.location.hostname } });
}

export function useSettings(): SiteSettings {
  return useSuspenseQuery({
    queryKey: settingsKey,
    queryFn: () => fetchSettings(window.location.search),
    ...once,
  }).data.settings;
}

export const companyInfoKey = ['companyinfo'] as const;
export const fetchCompanyInfo = () => call(companyInfoEndpoints.get);

export function useCompanyInfo() {
  return useQuery({ queryKey: companyInfoKey, queryFn: fetchCompanyInfo, select: (d) => d.company, ...once });
}

export function useInterests(lang: string) {
  return useQuery({
    queryKey: ['interests', lang],
    queryFn: () => call(interestsEndpoints.list, { query: { lang: lang as Locale } }),
    select: (d) => d.interests,
    ...once,
  });
}

/**
 * The regions of one country (what a screen about one place needs: a fraction of the list), or of
 * every served country when the member may pick any of them (the profile form).
 */
export function useRegions(country?: string) {
  return useQuery({
    queryKey: country ? ['regions', country] : ['regions'],
    queryFn: () => call(regionsEndpoints.list, country ? { query: { country } } : {}),
    select: (d) => d.regions,
    ...once,
  });
}

/**
 * A sample of the site's members for visitors (the home page, the landers); a lander asks for its
 * niche's audience and its own count. Here rather than in a module of its own: the home page and
 * the landers would otherwise share it as one more small file on the first route.
 */
export function useShowcase({ niche, count }: { niche?: number; count?: number } = {}) {
  const network = readTracking().network;
  return useQuery({
    queryKey: ['showcase', network ?? null, niche ?? null, count ?? null],
    queryFn: () => call(showcaseEndpoints.get, { query: { network, niche, count } }),
    staleTime: 60_000,
  });
}
