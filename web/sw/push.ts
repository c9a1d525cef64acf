import { pushEndpoints } from '../../common/api/endpoints/push';
import { settingsEndpoints } from '../../common/api/endpoints/settings';
import type { PushPayload } from '../../common/api/push';
import type { PushArrived } from './messages';

declare const self: ServiceWorkerGlobalScope;

/** The notification's icon when the site's web app manifest names none (or cannot be read). */
const FALLBACK_ICON = '/favicon.svg';

/** Only a path of this site is opened by a tap: never another site, whatever a payload says. */
export function sitePath(value: unknown): string {
  return typeof value === 'string' &&
    value.startsWith('/') &&
    !value.startsWith('//') &&
    !value.startsWith('/\\')
    ? value
    : '/';
}

/** The JSON of a push message (common/api/push.ts), or null when it is not one. */
export function parsePayload(text: string): PushPayload | null {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof data !== 'object' || data === null) return null;
  const p = data as Record<string, unknown>;
  if (typeof p.title !== 'string' || typeof p.body !== 'string' || typeof p.kind !== 'string') return null;
  return {
    kind: p.kind as PushPayload['kind'],
    title: p.title,
    body: p.body,
    url: sitePath(p.url),
    tag: typeof p.tag === 'string' ? p.tag : p.kind,
    count: typeof p.count === 'number' && Number.isFinite(p.count) && p.count > 0 ? Math.floor(p.count) : 0,
  };
}

type WebAppManifest = { icons?: { src?: string; sizes?: string; purpose?: string }[] };

let icon: Promise<string> | null = null;

/** The site's 192 px icon from its web app manifest (the icons are drawn per site), read once per worker. */
function siteIcon(): Promise<string> {
  icon ??= fetch('/manifest.webmanifest')
    .then((res) => (res.ok ? (res.json() as Promise<WebAppManifest>) : {}))
    .then((manifest: WebAppManifest) => {
      const any = (manifest.icons ?? []).filter((i) => (i.purpose ?? 'any').split(' ').includes('any'));
      const best = any.find((i) => i.sizes === '192x192') ?? any[0];
      return best?.src ? sitePath(best.src) : FALLBACK_ICON;
    })
    .catch(() => FALLBACK_ICON);
  return icon;
}

/** The same total is the app badge where supported, kept current while no page is open. */
async function setBadge(count: number) {
  const nav = self.navigator as WorkerNavigator & {
    setAppBadge?: (n?: number) => Promise<void>;
    clearAppBadge?: () => Promise<void>;
  };
  try {
    if (count > 0) await nav.setAppBadge?.(count);
    else await nav.clearAppBadge?.();
  } catch {
    // The badge is a hint; a browser that refuses it (no installed app) loses nothing else.
  }
}

async function tellPages(message: PushArrived) {
  const pages = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  for (const page of pages) page.postMessage(message);
}

export async function showPush(payload: PushPayload) {
  await Promise.all([
    siteIcon().then((iconUrl) =>
      self.registration.showNotification(payload.title, {
        body: payload.body,
        tag: payload.tag,
        icon: iconUrl,
        data: { url: payload.url },
        // A newer message of the same chat replaces the notification and is announced again.
        renotify: true,
      } as NotificationOptions),
    ),
    setBadge(payload.count),
    // On every push message the user is refetched (and the chats and likes it is about).
    tellPages({ type: 'push', payload }),
  ]);
}

export function onPush(event: PushEvent) {
  const payload = event.data ? parsePayload(event.data.text()) : null;
  if (payload) event.waitUntil(showPush(payload));
}

/**
 * A tap on a notification opens its path: in an open page of the site (focused first, then
 * visible), else in a new window. Also called by the browser test (see sw.ts).
 */
export async function handleNotificationClick(notification: Notification) {
  notification.close();
  const url = new URL(sitePath((notification.data as { url?: unknown } | null)?.url), self.location.origin)
    .href;
  const pages = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const page = pages.find((p) => p.focused) ?? pages.find((p) => p.visibilityState === 'visible') ?? pages[0];
  if (page) {
    // Focusing needs the tap's user activation; without one (a test) the page is still navigated.
    await page.focus().catch(() => undefined);
    const opened = await page.navigate(url).catch(() => null);
    if (opened) return;
  }
  await self.clients.openWindow(url);
}

type SubscriptionChangeEvent = ExtendableEvent & {
  oldSubscription?: PushSubscription | null;
  newSubscription?: PushSubscription | null;
};

const apiHeaders = {
  'Content-Type': 'application/json',
  Accept: 'application/json',
  'X-Requested-With': 'XMLHttpRequest',
};

async function siteKey(): Promise<string | null> {
  const res = await fetch(`${settingsEndpoints.get.path}?domain=${self.location.hostname}`, {
    headers: apiHeaders,
  });
  if (!res.ok) return null;
  const body = (await res.json()) as { settings?: { push_public_key?: string | null } };
  return body.settings?.push_public_key ?? null;
}

/**
 * The push service renewed or dropped the subscription: subscribe again (with the same key, or the
 * site's) and tell the server, which files it under the member logged in here (and 401s a visitor).
 */
async function resubscribe(event: SubscriptionChangeEvent) {
  const old = event.oldSubscription ?? null;
  let subscription = event.newSubscription ?? null;
  if (!subscription) {
    const key = old?.options.applicationServerKey ?? (await siteKey());
    if (!key) return;
    subscription = await self.registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: key,
    });
  }
  // The page's calls of these endpoints (web/api/client.ts `call`) are not loaded in the worker.
  const { register, remove } = pushEndpoints;
  await fetch(register.path, {
    method: register.method,
    headers: apiHeaders,
    body: JSON.stringify({ subscription: subscription.toJSON() }),
  });
  if (old && old.endpoint !== subscription.endpoint)
    await fetch(remove.path, {
      method: remove.method,
      headers: apiHeaders,
      body: JSON.stringify({ endpoint: old.endpoint }),
    }).catch(() => undefined);
}

export function onPushSubscriptionChange(event: Event) {
  const change = event as SubscriptionChangeEvent;
  change.waitUntil(resubscribe(change).catch(() => undefined));
}
