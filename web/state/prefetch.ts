import type { QueryClient } from '@tanstack/react-query';
import { landerOf } from '../../common/rules/landers';
import { fetchUser, userKey } from '../api/user';
import { isInstalledApp } from './display-mode';
import { isPhone } from './viewport';

type Load = () => Promise<unknown>;

// The screens opened next, by the very modules web/screen-table.ts loads them from, so the chunks
// fetched now are the ones navigation asks for. Listed most likely first.
const MEMBER_SCREENS: Load[] = [
  () => import('../screens/members/MembersScreen'),
  () => import('../screens/member/MemberProfileScreen'),
  () => import('../screens/chats/ChatsScreen'),
  () => import('../screens/likes/LikesScreen'),
];
const VISITOR_SCREENS: Load[] = [
  // /signup is the page on phones and a modal elsewhere (web/routes.tsx).
  () => (isPhone() ? import('../screens/signup/SignupScreen') : import('../screens/signup/SignupModal')),
  () => import('../screens/login/LoginScreen'),
  () => import('../screens/members/MembersScreen'),
];
// Paid traffic on a lander goes to signup and nowhere else: it loads nothing of the members area.
const LANDER_SCREENS: Load[] = VISITOR_SCREENS.slice(0, 1);

type Connection = { saveData?: boolean; effectiveType?: string };

/** A member who asked to save data, or on a 2G connection, pays for nothing they did not open. */
export function shouldPrefetch(connection: Connection | undefined): boolean {
  if (!connection) return true;
  return !connection.saveData && !/(^|-)2g$/.test(connection.effectiveType ?? '');
}

/**
 * Page prefetch on idle: run by web/main.tsx when the browser is first idle after the
 * first render. Lazy screens list only their CSS for preloading (vite.config.ts), so without this
 * the first visit to each of them would wait for its JavaScript. One at a time, so the page's own
 * requests (photos) keep the bandwidth. Not while offline; a chunk that fails to load online most
 * likely went with a deploy, and the chunk-reload rule (web/main.tsx) reloads the page now, while
 * the member has barely started, rather than at their next tap.
 */
export async function prefetchLikelyScreens(client: QueryClient): Promise<void> {
  if (!navigator.onLine) return;
  if (!shouldPrefetch((navigator as Navigator & { connection?: Connection }).connection)) return;
  const member = await client
    .ensureQueryData({ queryKey: userKey, queryFn: fetchUser })
    .then((d) => Boolean(d.user))
    .catch(() => false);
  const lander = landerOf(window.location.pathname);
  const onLander = lander !== 'other' && lander !== 'home';
  const loads = [...(member ? MEMBER_SCREENS : onLander ? LANDER_SCREENS : VISITOR_SCREENS)];
  // Without a browser back button, the installed app's top bar gets its own (TopBar.tsx).
  if (isInstalledApp()) loads.unshift(() => import('../components/BackButton'));
  for (const load of loads) await load().catch(() => {});
}
