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

const ActivationReminder = lazy(lazyImport(() => import('../components/ActivationReminder')));
const DisabledNotificationsAlert = lazy(lazyImport(() => import('../components/DisabledNotificationsAlert')));
const PhotoAlert = lazy(lazyImport(() => import('../components/PhotoAlert')));
const PushAlert = lazy(lazyImport(() => import('../components/PushAlert')));
const NoticeAlert = lazy(lazyImport(() => import('../components/report/NoticeAlert')));
const LikeModal = lazy(lazyImport(() => import('../components/LikeModal')));
const PageBounce = lazy(lazyImport(() => import('../components/PageBounce')));
// The offers (time bonus, welcome discount, like modal) and their rules load only for a logged-in non-paid member.
const TimeBonusBanner = lazy(lazyImport(() => import('../components/TimeBonusBanner')));

/**
 * The Default layout: top navigation, the top banner (time bonus or welcome discount), content,
 * footer, disclaimer, US footer, entry warning, time-bonus modal, like modal (the `t` query), and
 * the page-bounce log (the `lb` query).
 */
export function DefaultLayout() {
  const { data: user } = useUser();
  const loggedIn = Boolean(user);
  const offered = Boolean(user && !user.paid_user);
  const [params] = useSearchParams();
  const tQuery = params.get('t');
  // The like modal stays mounted after it took `t` out of the URL, until it is closed.
  const [likeModalT, setLikeModalT] = useState<string | null>(null);
  useEffect(() => {
    if (user && tQuery !== null) setLikeModalT((armed) => armed ?? tQuery);
  }, [user, tQuery]);
  return (
    <div
      className={`layout layout-default ${loggedIn ? 'logged-in' : 'logged-out'}`}
      data-logged-in={loggedIn}
    >
      <SkipLink />
      <TopBar />
      {offered ? (
        <Suspense fallback={null}>
          <TimeBonusBanner />
        </Suspense>
      ) : null}
      {user?.status === 'not_confirmed' ? (
        <Suspense fallback={null}>
          <ActivationReminder />
        </Suspense>
      ) : null}
      {user?.notifications_disabled.length ? (
        <Suspense fallback={null}>
          <DisabledNotificationsAlert />
        </Suspense>
      ) : null}
      {user?.unread_notices ? (
        <Suspense fallback={null}>
          <NoticeAlert />
        </Suspense>
      ) : null}
      {user && !user.profile.main_image ? (
        <Suspense fallback={null}>
          <PhotoAlert />
        </Suspense>
      ) : null}
      {user ? (
        <Suspense fallback={null}>
          <PushAlert />
        </Suspense>
      ) : null}
      <main id="main" tabIndex={-1} className="layout-main">
        <Outlet />
      </main>
      <Footer />
      <Disclaimer />
      <UsFooter />
      <EntryWarning />
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
