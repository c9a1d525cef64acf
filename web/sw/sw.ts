/**
 * The site's service worker (a push worker registered from a script file), built on
 * its own into /sw.js as a classic script by vite-plugin-pwa (vite.config.ts), so that its scope is
 * the whole site. It shows the pushes of common/api/push.ts and keeps the shell for offline starts.
 */
import type { CacheUrls } from './messages';
import { cacheUrls, onActivate, onFetch, onInstall } from './offline';
import { handleNotificationClick, onPush, onPushSubscriptionChange } from './push';

declare const self: ServiceWorkerGlobalScope & {
  handleNotificationClick: typeof handleNotificationClick;
};

self.addEventListener('install', onInstall);
self.addEventListener('activate', onActivate);
self.addEventListener('fetch', onFetch);
self.addEventListener('push', onPush);
self.addEventListener('notificationclick', (event) => {
  event.waitUntil(handleNotificationClick(event.notification));
});
self.addEventListener('pushsubscriptionchange', onPushSubscriptionChange);
self.addEventListener('message', (event) => {
  const data = event.data as Partial<CacheUrls> | null;
  if (data?.type === 'cache-urls' && Array.isArray(data.urls)) {
    event.waitUntil(cacheUrls(data.urls.filter((u): u is string => typeof u === 'string')));
  }
});

// A browser test cannot click a system notification: it calls the same function the click does,
// through the worker's global scope (the bundle wraps the modules in a closure).
self.handleNotificationClick = handleNotificationClick;
