import { useQuery } from '@tanstack/react-query';
import { userEndpoints } from '../../common/api/endpoints/user';
import {
  FIRST_REFRESH_DELAY_MS,
  REFRESH_INTERVAL_MS,
  REFRESH_INTERVAL_PUSH_MS,
} from '../../common/constants';
import { call } from './client';

export const userKey = ['user'] as const;
export const fetchUser = () => call(userEndpoints.get);

// Whether this browser is subscribed to pushes: set by the push state (state/push.ts, loaded
// lazily), so the shell carries none of the push code. Read whenever a query schedules its next
// reload, so a change applies from the next answer on.
let pushSubscribed = false;

export function setPushSubscribed(subscribed: boolean) {
  pushSubscribed = subscribed;
}

/** The user and chats are reloaded every 60 s, or every 300 s while push is subscribed. */
export const refreshInterval = () => (pushSubscribed ? REFRESH_INTERVAL_PUSH_MS : REFRESH_INTERVAL_MS);

/**
 * The user is asked for again 5 s after the page starts, then every 60 s (300 s while
 * push is subscribed). The start-up fetch is the first answer; the next one comes after the short
 * delay, every later one after the long interval.
 */
export function userRefetchInterval(answersSoFar: number): number {
  return answersSoFar <= 1 ? FIRST_REFRESH_DELAY_MS : refreshInterval();
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
