import { useQuery } from '@tanstack/react-query';
import type { UserResponse } from '../../common/api/user';
import { FIRST_REFRESH_DELAY_MS, REFRESH_INTERVAL_MS } from '../../common/constants';
import { apiFetch } from './client';

export const userKey = ['user'] as const;
export const fetchUser = () => apiFetch<UserResponse>('/api/user.php');

/** The logged-in member or null. Refetched every 60 s (SPEC §7); the push issue adds the 300 s case. */
export function useUser() {
  return useQuery({
    queryKey: userKey,
    queryFn: fetchUser,
    select: (d) => d.user,
    staleTime: FIRST_REFRESH_DELAY_MS,
    refetchInterval: REFRESH_INTERVAL_MS,
  });
}
