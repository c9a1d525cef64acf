import { Component, lazy, type ReactNode, Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useUser } from '../api/user';
import { ProgressBar } from '../components/ProgressBar';
import { TitleSync } from '../components/TitleSync';
import { RouteError } from '../screens/error/lazy';
import { lazyImport } from '../state/chunk-reload';

// The socket, the title count and the connection status load only for a logged-in member.
const Realtime = lazy(lazyImport(() => import('../components/Realtime')));
// Here rather than in a layout: its 40 s wait spans the members area, chats (Chat layout) included.
const TimeBonusModal = lazy(lazyImport(() => import('../components/TimeBonusModal')));

/** Catches what a screen throws and shows the error page; a new location starts afresh. */
class ScreenErrorBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  override state: { error: unknown } = { error: null };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  override render() {
    return this.state.error ? <RouteError error={this.state.error} /> : this.props.children;
  }
}

/**
 * Parts every layout shares: the top progress bar, the page title, the error page and, for a
 * member, the live connection and the time-bonus modal.
 */
export function Root() {
  const location = useLocation();
  const { data: user } = useUser();
  const viewerId = user?.profile.id;
  return (
    <>
      <ProgressBar />
      <TitleSync />
      {viewerId ? (
        <Suspense fallback={null}>
          <Realtime viewerId={viewerId} />
        </Suspense>
      ) : null}
      {user && !user.paid_user ? (
        <Suspense fallback={null}>
          <TimeBonusModal />
        </Suspense>
      ) : null}
      <ScreenErrorBoundary key={location.pathname}>
        <Suspense fallback={null}>
          <Outlet />
        </Suspense>
      </ScreenErrorBoundary>
    </>
  );
}
