import { useQuery } from '@tanstack/react-query';
import { matchFinderEndpoints } from '../../common/api/endpoints/match-finder';
import { call } from './client';

export const matchFinderKey = ['match-finder'] as const;

/** GET /api/match-finder.php: suggestions with their reasons, or the preferences still missing. */
export function useMatchFinder(loggedIn: boolean) {
  return useQuery({
    // Only for a member: a visitor goes to the login without a call that could only fail.
    enabled: loggedIn,
    queryKey: matchFinderKey,
    queryFn: () => call(matchFinderEndpoints.list),
    // A liked card stays on screen as liked; the next visit deals fresh suggestions.
    refetchInterval: false,
    refetchOnWindowFocus: false,
  });
}
