import { lazy, Suspense } from 'react';
import { lazyImport } from '../../state/chunk-reload';

// The error page is a chunk of its own: most visits never show it, and the first route's
// JavaScript budget has no room to carry it.
const ErrorPageModule = lazyImport(() => import('./ErrorPage'));
const LazyNotFound = lazy(() => ErrorPageModule().then((m) => ({ default: m.NotFound })));
const LazyRouteError = lazy(() => ErrorPageModule().then((m) => ({ default: m.RouteError })));

export function NotFound() {
  return (
    <Suspense fallback={null}>
      <LazyNotFound />
    </Suspense>
  );
}

export function RouteError({ error }: { error: unknown }) {
  return (
    <Suspense fallback={null}>
      <LazyRouteError error={error} />
    </Suspense>
  );
}
