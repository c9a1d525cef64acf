/**
 * The offline shell: a repeat visit starts without the network. The page itself (`/`), the entry's
 * script and style are cached when the worker installs; hashed files (/assets/*: chunks, styles,
 * the language catalogs) are served from the cache first, since a hashed name never changes its
 * content; navigations and the site data the page needs to start go to the network first and fall
 * back to the last answer. Nothing of a member (the user, chats, likes, photos) is ever stored.
 */

import { companyInfoEndpoints } from '../../common/api/endpoints/companyinfo';
import { interestsEndpoints } from '../../common/api/endpoints/interests';
import { regionsEndpoints } from '../../common/api/endpoints/regions';
import { settingsEndpoints } from '../../common/api/endpoints/settings';

declare const self: ServiceWorkerGlobalScope & {
  /** The entry's files, written in by the build (vite.config.ts, injectManifest). */
  __WB_MANIFEST: { url: string; revision: string | null }[];
};

const SHELL_FILES = self.__WB_MANIFEST.map((entry) => `/${entry.url.replace(/^\//, '')}`);

/** A new build has other entry files, so other cache names: activate drops the old ones. */
const VERSION = hash(SHELL_FILES.join('\n'));
const SHELL_CACHE = `shell-${VERSION}`;
const ASSET_CACHE = `assets-${VERSION}`;
const SITE_DATA_CACHE = `site-data-${VERSION}`;
const CURRENT = new Set([SHELL_CACHE, ASSET_CACHE, SITE_DATA_CACHE]);

/** Every path of the site gets the same page (the SPA routes it), so one copy stands for all. */
const SHELL_URL = '/';
// Asked for, and said by the server of a page that is the plain app page (server/routes/spa.ts).
const SHELL_HEADER = 'x-app-shell';

/**
 * Site data (not a member's) that the page needs to start: settings, company details, interests,
 * regions (each loaded once and cached). The member's own answers are never stored.
 */
const SITE_DATA = new Set([
  settingsEndpoints.get.path,
  companyInfoEndpoints.get.path,
  interestsEndpoints.list.path,
  regionsEndpoints.list.path,
]);

/**
 * The settings are asked for with the route's query (tracking, the like modal's `t`): one
 * answer is kept for all of them, so that the cache does not grow with every query a link brings.
 */
const ONE_FOR_ANY_QUERY = new Set([settingsEndpoints.get.path]);

/** The key a site-data answer is kept under. */
const dataKey = (url: URL) =>
  ONE_FOR_ANY_QUERY.has(url.pathname) ? `${url.origin}${url.pathname}` : url.href;

/** A page names at most this many files to keep (cacheUrls): the page's own resources, bounded. */
const CACHE_URLS_MAX = 300;

function hash(text: string): string {
  let h = 5381;
  for (let i = 0; i < text.length; i++) h = (h * 33) ^ text.charCodeAt(i);
  return (h >>> 0).toString(36);
}

const sameOrigin = (url: URL) => url.origin === self.location.origin;
const isAsset = (url: URL) => url.pathname.startsWith('/assets/');

export function onInstall(event: ExtendableEvent) {
  event.waitUntil(
    (async () => {
      const shell = await caches.open(SHELL_CACHE);
      // The immutable files usually come from the HTTP cache of the visit that registered us.
      // The plain app page, never a page drawn for one visitor or carrying a member's data.
      await shell.addAll([new Request(SHELL_URL, { headers: { [SHELL_HEADER]: '1' } }), ...SHELL_FILES]);
      // What start() asks for before the first render; best effort (the first answer may be late).
      await Promise.all(
        [`${settingsEndpoints.get.path}?domain=${self.location.hostname}`, companyInfoEndpoints.get.path].map(
          (url) => keepSiteData(new URL(url, self.location.origin)),
        ),
      );
      // A new build's worker takes over at once: navigations go to the network first anyway, so an
      // open page of the old build keeps working, and the next page load is the new build.
      await self.skipWaiting();
    })(),
  );
}

export function onActivate(event: ExtendableEvent) {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(names.filter((name) => !CURRENT.has(name)).map((name) => caches.delete(name)));
      // No navigation preload: it would ask for links the worker leaves alone (single-use activation
      // and unsubscribe links under /api/) a second time, beside the browser's own request.
      // The page that registered us is served (and its files cached) from now on, not only the next one.
      await self.clients.claim();
    })(),
  );
}

export function onFetch(event: FetchEvent) {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (!sameOrigin(url)) return;
  if (request.mode === 'navigate') {
    // API links (activation, unsubscribe) and media are not pages of the app.
    if (url.pathname.startsWith('/api/') || url.pathname.startsWith('/media/')) return;
    event.respondWith(navigation(event));
  } else if (isAsset(url)) {
    event.respondWith(cacheFirst(request));
  } else if (SITE_DATA.has(url.pathname)) {
    event.respondWith(networkFirst(request, url));
  }
}

/** The page from the network (and kept as the shell); offline, the last page kept. */
async function navigation(event: FetchEvent): Promise<Response> {
  try {
    const response = await fetch(event.request);
    if (isShell(response)) {
      const copy = response.clone();
      event.waitUntil(caches.open(SHELL_CACHE).then((cache) => cache.put(SHELL_URL, copy)));
    }
    return response;
  } catch (error) {
    // Whichever way it was asked for (the server's answer varies by the shell header).
    const shell = await caches.match(SHELL_URL, { cacheName: SHELL_CACHE, ignoreVary: true });
    if (shell) return shell;
    throw error;
  }
}

function isShell(response: Response): boolean {
  return (
    response.ok &&
    response.type === 'basic' &&
    !response.redirected &&
    response.headers.get(SHELL_HEADER) === '1' &&
    (response.headers.get('content-type') ?? '').startsWith('text/html')
  );
}

async function cacheFirst(request: Request): Promise<Response> {
  const hit = await caches.match(request);
  if (hit) return hit;
  const response = await fetch(request);
  if (response.ok) {
    const copy = response.clone();
    await caches.open(ASSET_CACHE).then((cache) => cache.put(request, copy));
  }
  return response;
}

async function networkFirst(request: Request, url: URL): Promise<Response> {
  try {
    const response = await fetch(request);
    if (response.ok) {
      const copy = response.clone();
      await caches.open(SITE_DATA_CACHE).then((cache) => cache.put(dataKey(url), copy));
    }
    return response;
  } catch (error) {
    const hit = await caches.match(dataKey(url), { cacheName: SITE_DATA_CACHE });
    if (hit) return hit;
    throw error;
  }
}

/** Fetches a site-data answer into the cache (the worker's own request; failures are left for next time). */
async function keepSiteData(url: URL) {
  try {
    const response = await fetch(url, { headers: { Accept: 'application/json' } });
    if (response.ok) await (await caches.open(SITE_DATA_CACHE)).put(dataKey(url), response);
  } catch {
    // Offline or refused: the page's own next request fills it.
  }
}

/**
 * The page that registered the worker loaded its files before the worker was there: it names them
 * (its resource timing entries), and the ones the rules above would keep are fetched into the caches,
 * so that the next start, offline, finds its language catalog, screen and site data.
 */
export async function cacheUrls(urls: string[]): Promise<void> {
  const wanted = urls.slice(0, CACHE_URLS_MAX).flatMap((raw) => {
    try {
      const url = new URL(raw, self.location.origin);
      return sameOrigin(url) && (isAsset(url) || SITE_DATA.has(url.pathname)) ? [url] : [];
    } catch {
      return [];
    }
  });
  await Promise.all(
    wanted.map(async (url) => {
      if (!isAsset(url)) return keepSiteData(url);
      if (await caches.match(url.href)) return;
      await (await caches.open(ASSET_CACHE)).add(url.href).catch(() => undefined);
    }),
  );
}
