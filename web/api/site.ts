import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import type { CompanyInfoResponse } from '../../common/api/company';
import type { InterestsResponse } from '../../common/api/interests';
import type { RegionsResponse } from '../../common/api/regions';
import type { SettingsResponse, SiteSettings } from '../../common/api/settings';
import type { ShowcaseResponse } from '../../common/api/showcase';
import { readTracking } from '../state/tracking';
import { apiFetch, withQuery } from './client';

// Site data is loaded once per page load and kept (SPEC §7 "Each loaded once and cached").
const once = { staleTime: Number.POSITIVE_INFINITY, gcTime: Number.POSITIVE_INFINITY } as const;

export const settingsKey = ['settings'] as const;

/** SPEC §7: the request host as the forced domain, plus the route's query. */
export function fetchSettings(search: string): Promise<SettingsResponse> {
  const query = Object.fromEntries(new URLSearchParams(search));
  return apiFetch(withQuery('/api/settings.php', { ...query, domain: window.location.hostname }));
}

export function useSettings(): SiteSettings {
  return useSuspenseQuery({
    queryKey: settingsKey,
    queryFn: () => fetchSettings(window.location.search),
    ...once,
  }).data.settings;
}

export const companyInfoKey = ['companyinfo'] as const;
export const fetchCompanyInfo = () => apiFetch<CompanyInfoResponse>('/api/companyinfo.php');

export function useCompanyInfo() {
  return useQuery({ queryKey: companyInfoKey, queryFn: fetchCompanyInfo, select: (d) => d.company, ...once });
}

export function useInterests(lang: string) {
  return useQuery({
    queryKey: ['interests', lang],
    queryFn: () => apiFetch<InterestsResponse>(withQuery('/api/interests.php', { lang })),
    select: (d) => d.interests,
    ...once,
  });
}

export function useRegions() {
  return useQuery({
    queryKey: ['regions'],
    queryFn: () => apiFetch<RegionsResponse>('/api/regions.php'),
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
    queryFn: () => apiFetch<ShowcaseResponse>(withQuery('/api/showcase.php', { network, niche, count })),
    staleTime: 60_000,
  });
}
