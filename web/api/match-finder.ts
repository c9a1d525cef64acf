import { useQuery } from '@tanstack/react-query';
import type { MatchFinderResponse } from '../../common/api/match-finder';
import { apiFetch } from './client';

export const matchFinderKey = ['match-finder'] as const;

/** GET /api/match-finder.php: suggestions with their reasons, or the preferences still missing. */
export function useMatchFinder() {
  return useQuery({
    queryKey: matchFinderKey,
    queryFn: () => apiFetch<MatchFinderResponse>('/api/match-finder.php'),
    // A liked card stays on screen as liked; the next visit deals fresh suggestions.
    refetchInterval: false,
    refetchOnWindowFocus: false,
  });
}
