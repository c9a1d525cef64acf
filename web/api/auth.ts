import type { QueryClient } from '@tanstack/react-query';
import type { LoginBody, UserResponse } from '../../common/api/user';
import type { Locale } from '../../common/constants';
import { apiFetch } from './client';
import { userKey } from './user';

export type LoggedIn = { user: NonNullable<UserResponse['user']> };

export const login = (body: LoginBody) => apiFetch<LoggedIn>('/api/user.php', { method: 'POST', json: body });

/** SPEC §7: GET /api/logout.php; with `everywhere`, every session of the member ends. */
export const logout = (everywhere = false) =>
  everywhere
    ? apiFetch<UserResponse>('/api/logout.php', { method: 'POST', json: { everywhere: true } })
    : apiFetch<UserResponse>('/api/logout.php');

/** SPEC §7: PUT /api/user.php with the language, sent on a change while logged in; errors ignored. */
export function saveLanguage(language: Locale): Promise<LoggedIn['user'] | null> {
  return apiFetch<LoggedIn>('/api/user.php', { method: 'PUT', json: { language } }).then(
    (d) => d.user,
    () => null,
  );
}

const SITE_DATA = ['settings', 'companyinfo', 'user', 'interests', 'regions'];
const memberData = (q: { queryKey: readonly unknown[] }) => !SITE_DATA.includes(String(q.queryKey[0]));

/**
 * A new login state: the user answer goes straight into the cache. At login, what a visitor was
 * shown is fetched again for the member; at logout, everything of the member is dropped so nothing
 * of theirs stays on screen. Site data stays either way.
 */
export function setLoginState(client: QueryClient, user: UserResponse['user']) {
  if (user) void client.invalidateQueries({ predicate: memberData });
  else client.removeQueries({ predicate: memberData });
  // A user refetch sent before the login's cookie existed would answer "visitor" after the login
  // and undo it: it is cancelled (the cancel restores the state at once, then the new user is set).
  void client.cancelQueries({ queryKey: userKey });
  client.setQueryData(userKey, { user });
}
