import type { QueryClient } from '@tanstack/react-query';
import { logoutEndpoints } from '../../common/api/endpoints/logout';
import { userEndpoints } from '../../common/api/endpoints/user';
import type { LoginBody, UserResponse } from '../../common/api/user';
import type { Locale } from '../../common/constants';
import { call } from './client';
import { userKey } from './user';

export type LoggedIn = { user: NonNullable<UserResponse['user']> };

export const login = (body: LoginBody): Promise<LoggedIn> => call(userEndpoints.login, { body });

/** GET /api/logout.php; with `everywhere`, every session of the member ends. */
export const logout = (everywhere = false) =>
  everywhere ? call(logoutEndpoints.logout, { body: { everywhere: true } }) : call(logoutEndpoints.here);

/** PUT /api/user.php with the language, sent on a change while logged in; errors ignored. */
export function saveLanguage(language: Locale): Promise<LoggedIn['user'] | null> {
  return call(userEndpoints.setLanguage, { body: { language } }).then(
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
