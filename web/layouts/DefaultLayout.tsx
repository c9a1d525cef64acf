import { lazy, Suspense, useEffect, useState } from 'react';
import { Outlet, useSearchParams } from 'react-router';
import { useUser } from '../api/user';
import { Disclaimer } from '../components/Disclaimer';
import { EntryWarning } from '../components/EntryWarning';
import { Footer } from '../components/Footer';
import { SkipLink } from '../components/SkipLink';
import { TopBar } from '../components/TopBar';
import { UsFooter } from '../components/UsFooter';
import { lazyImport } from '../state/chunk-reload';

// The members area's one banner and the phone's tab bar: loaded for logged-in members only.
const BannerSlot = lazy(lazyImport(() => import('../components/BannerSlot')));
const TabBar = lazy(lazyImport(() => import('../components/TabBar')));
const LikeModal = lazy(lazyImport(() => import('../components/LikeModal')));
const PageBounce = lazy(lazyImport(() => import('../components/PageBounce')));

/**
 * The Default layout: top navigation, content, footer, disclaimer, US footer, entry warning, and for
 * a member the one banner of the moment (components/BannerSlot.tsx), the phone's tab bar and the
 * like modal (the `t` query); the page-bounce log (the `lb` query).
 */
export function DefaultLayout() {
  const { data: user } = useUser();
  const loggedIn = Boolean(user);
  const [params] = useSearchParams();
  const tQuery = params.get('t');
  // The like modal stays mounted after it took `t` out of the URL, until it is closed.
  const [likeModalT, setLikeModalT] = useState<string | null>(null);
  useEffect(() => {
    if (user && tQuery !== null) setLikeModalT((armed) => armed ?? tQuery);
  }, [user, tQuery]);
  return (
    <div
      className={`layout layout-default ${loggedIn ? 'logged-in has-tab-bar' : 'logged-out'}`}
      data-logged-in={loggedIn}
    >
      <SkipLink />
      <TopBar />
      {user ? (
        <Suspense fallback={null}>
          <BannerSlot />
        </Suspense>
      ) : null}
      <main id="main" tabIndex={-1} className="layout-main">
        <Outlet />
      </main>
      <Footer />
      <Disclaimer />
      <UsFooter />
      <EntryWarning />
      {user ? (
        <Suspense fallback={null}>
          <TabBar />
        </Suspense>
      ) : null}
      {user && likeModalT !== null && (
        <Suspense fallback={null}>
          <LikeModal tQuery={likeModalT} onDone={() => setLikeModalT(null)} />
        </Suspense>
      )}
      {params.has('lb') && (
        <Suspense fallback={null}>
          <PageBounce />
        </Suspense>
      )}
    </div>
  );
}
