import type { QueryClient } from '@tanstack/react-query';
import { landerOf } from '../../common/rules/landers';
import { type LikelyScreen, PREFETCH_FILES_ID } from '../../common/rules/likely-screens';
import { fetchUser, userKey } from '../api/user';
import { isInstalledApp } from './display-mode';
import { isPhone } from './viewport';

// The screens opened next, listed most likely first.
const MEMBER_SCREENS: LikelyScreen[] = ['members', 'member', 'chats', 'likes'];
// /signup is the page on phones and a modal elsewhere (web/routes.tsx).
const visitorScreens = (): LikelyScreen[] => [isPhone() ? 'signupPage' : 'signupModal', 'login', 'members'];

type Connection = { saveData?: boolean; effectiveType?: string };

/** A member who asked to save data, or on a 2G connection, pays for nothing they did not open. */
export function shouldPrefetch(connection: Connection | undefined): boolean {
  if (!connection) return true;
  return !connection.saveData && !/(^|-)2g$/.test(connection.effectiveType ?? '');
}

/** The screens to fetch ahead for this visitor: paid traffic on a lander goes to signup and nowhere else. */
export function likelyScreens(visitor: {
  member: boolean;
  onLander: boolean;
  installed: boolean;
}): LikelyScreen[] {
  const visiting = visitorScreens();
  const screens = visitor.member ? MEMBER_SCREENS : visitor.onLander ? visiting.slice(0, 1) : visiting;
  return visitor.installed ? ['backButton', ...screens] : screens;
}

/** Those screens' files, as the page names them (server/infra/ssr/prefetch-files.ts), minus the ones it has. */
export function filesToPrefetch(
  named: Partial<Record<LikelyScreen, string[]>>,
  screens: LikelyScreen[],
  loaded: Set<string>,
): string[] {
  return [...new Set(screens.flatMap((screen) => named[screen] ?? []))].filter((file) => !loaded.has(file));
}

/**
 * Page prefetch: run by web/main.tsx once the page has loaded and the browser is idle. Lazy screens
 * list only their CSS for preloading (vite.config.ts), so without this the first visit to each of
 * them would wait for its JavaScript. The files are fetched as `<link rel="prefetch">`: into the
 * cache at the lowest priority, so the page's own requests (photos) keep the bandwidth, and not run,
 * so the screens' modules (forms, validation) cost the page no time. Not while offline.
 */
export async function prefetchLikelyScreens(client: QueryClient): Promise<void> {
  if (!navigator.onLine) return;
  if (!shouldPrefetch((navigator as Navigator & { connection?: Connection }).connection)) return;
  const block = document.getElementById(PREFETCH_FILES_ID)?.textContent;
  if (!block) return;
  const member = await client
    .ensureQueryData({ queryKey: userKey, queryFn: fetchUser })
    .then((d) => Boolean(d.user))
    .catch(() => false);
  const lander = landerOf(window.location.pathname);
  const screens = likelyScreens({
    member,
    onLander: lander !== 'other' && lander !== 'home',
    installed: isInstalledApp(),
  });
  const loaded = new Set(
    performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname),
  );
  for (const file of filesToPrefetch(JSON.parse(block), screens, loaded)) {
    const link = document.createElement('link');
    link.rel = 'prefetch';
    // As the module scripts and the stylesheets Vite adds ask for them, so the cached copy is the one used.
    link.crossOrigin = '';
    link.href = file;
    document.head.append(link);
  }
}
