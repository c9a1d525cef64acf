import { useQuery } from '@tanstack/react-query';
import type { UserResponse } from '../../common/api/user';
import { FIRST_REFRESH_DELAY_MS, REFRESH_INTERVAL_MS } from '../../common/constants';
import { apiFetch } from './client';

export const userKey = ['user'] as const;
export const fetchUser = () => apiFetch<UserResponse>('/api/user.php');

/**
 * SPEC §7/§9: the user is asked for again 5 s after the page starts, then every 60 s (the push
 * issue adds 300 s while push is subscribed). The start-up fetch is the first answer; the next
 * one comes after the short delay, every later one after the long interval.
 */
export function userRefetchInterval(answersSoFar: number): number {
  return answersSoFar <= 1 ? FIRST_REFRESH_DELAY_MS : REFRESH_INTERVAL_MS;
}

/** The logged-in member or null. */
export function useUser() {
  return useQuery({
    queryKey: userKey,
    queryFn: fetchUser,
    select: (d) => d.user,
    staleTime: FIRST_REFRESH_DELAY_MS,
    refetchInterval: (query) => userRefetchInterval(query.state.dataUpdateCount),
  });
}
