import type { QueryClient } from '@tanstack/react-query';

/** The worker's script (web/sw/sw.ts), at the site root so that its scope is every page. */
export const WORKER_URL = '/sw.js';

/** A service worker exists only in a built app (`vite` dev mode serves none) in a browser that has them. */
export const workerPossible = (): boolean => import.meta.env.PROD && 'serviceWorker' in navigator;

/**
 * Registers the worker (offline shell, pushes), and hands it the files this page loaded before the
 * worker was there (its resource timing entries), so that the next start without a network finds
 * them; the worker keeps only what its rules allow (web/sw/offline.ts). Resolves after that.
 */
export function registerWorker(): Promise<ServiceWorkerRegistration | null> {
  // Once per page: the start registers it, and subscribing to push may ask before that is done.
  registering ??= register().catch((error: unknown) => {
    registering = null;
    throw error;
  });
  return registering;
}

let registering: Promise<ServiceWorkerRegistration | null> | null = null;

async function register(): Promise<ServiceWorkerRegistration | null> {
  if (!workerPossible()) return null;
  // `updateViaCache: 'none'`: an update check always asks the server, never the HTTP cache.
  const registration = await navigator.serviceWorker.register(WORKER_URL, { updateViaCache: 'none' });
  await navigator.serviceWorker.ready;
  // Named once the worker serves this page (it claims it on activation): what loads later passes
  // through the worker, so that no file falls between the list and the worker.
  if (!navigator.serviceWorker.controller)
    await new Promise((resolve) =>
      navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }),
    );
  const keep = (urls: string[]) => {
    if (urls.length) navigator.serviceWorker.controller?.postMessage({ type: 'cache-urls', urls });
  };
  keep(performance.getEntriesByType('resource').map((entry) => entry.name));
  // Files already on their way when the worker took over did not pass through it: named on arrival.
  new PerformanceObserver((list) =>
    keep(
      list
        .getEntries()
        .map((entry) => entry.name)
        .filter((url) => url.startsWith(`${location.origin}/assets/`)),
    ),
  ).observe({ type: 'resource' });
  return registration;
}

/** The worker's registration when there is one (registering it on the way when the app is built). */
export async function workerRegistration(): Promise<ServiceWorkerRegistration | null> {
  if (!('serviceWorker' in navigator)) return null;
  const existing = await navigator.serviceWorker.getRegistration('/');
  if (existing) return existing;
  return workerPossible() ? registerWorker() : null;
}

/**
 * Called by web/main.tsx once the page has loaded: registers the worker, and from the first moment
 * the network is missing (a start from the worker's shell too) shows the offline note. Both live
 * out of the first route's JavaScript.
 */
export function startOfflineShell(client: QueryClient) {
  void registerWorker().catch(() => undefined);
  const offline = () =>
    void import('../components/OfflineNotice')
      .then((m) => m.showOfflineNotice(client))
      .catch(() => undefined);
  if (navigator.onLine) window.addEventListener('offline', offline, { once: true });
  else offline();
}
