import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router';
import { useUser } from '../api/user';
import { EntryWarning } from '../components/EntryWarning';
import { SkipLink } from '../components/SkipLink';
import { useRouteHandle } from '../route-handle';
import { hasTabBar } from '../shell/tab-bar-presence';
import { lazyImport } from '../state/chunk-reload';

const TabBar = lazy(lazyImport(() => import('../components/TabBar')));

/**
 * The Chat layout: content only, plus the entry warning for NL and DE; on a phone the tab bar under
 * the list of chats, none in an open conversation (its composer takes the bottom of the screen).
 */
export function ChatLayout() {
  const { data: user } = useUser();
  const route = useRouteHandle().name;
  const tabBar = Boolean(user) && hasTabBar(route);
  return (
    <div
      className={`layout layout-chat ${user ? 'logged-in' : 'logged-out'}${tabBar ? ' has-tab-bar' : ''}`}
      data-logged-in={Boolean(user)}
    >
      <SkipLink />
      <main id="main" tabIndex={-1} className="layout-main">
        <Outlet />
      </main>
      <EntryWarning onlyNlDe />
      {tabBar && (
        <Suspense fallback={null}>
          <TabBar />
        </Suspense>
      )}
    </div>
  );
}
