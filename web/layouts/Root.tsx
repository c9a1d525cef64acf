import { Component, type ReactNode, Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { ProgressBar } from '../components/ProgressBar';
import { TitleSync } from '../components/TitleSync';
import { RouteError } from '../screens/error/lazy';

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

/** Parts every layout shares: the top progress bar, the page title and the error page. */
export function Root() {
  const location = useLocation();
  return (
    <>
      <ProgressBar />
      <TitleSync />
      <ScreenErrorBoundary key={location.pathname}>
        <Suspense fallback={null}>
          <Outlet />
        </Suspense>
      </ScreenErrorBoundary>
    </>
  );
}
