import { vi } from 'vitest';

/** Browser push for tests of state/push.ts and the push alert: no real push service is involved. */

// A VAPID public key as settings.push_public_key carries it: 65 bytes, base64url.
export const KEY = 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM';
export const OTHER_KEY =
  'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U';

export type FakeSubscription = PushSubscription & { unsubscribe: ReturnType<typeof vi.fn> };

export function fakeSubscription(endpoint: string, key: Uint8Array): FakeSubscription {
  const json = {
    endpoint,
    expirationTime: null,
    keys: { p256dh: 'B'.repeat(87), auth: 'a'.repeat(22) },
  };
  return {
    endpoint,
    expirationTime: null,
    options: { applicationServerKey: key.buffer, userVisibleOnly: true },
    toJSON: () => json,
    getKey: () => null,
    unsubscribe: vi.fn(async () => true),
  } as unknown as FakeSubscription;
}

export type Browser = {
  permission: NotificationPermission;
  /** What the permission prompt answers. */
  answer?: NotificationPermission;
  subscription?: FakeSubscription | null;
  registered?: boolean;
};

/** A browser with the Push API: a registration of the worker, its push manager, the permission. */
export function fakeBrowser(b: Browser) {
  let current = b.subscription ?? null;
  const pushManager = {
    getSubscription: vi.fn(async () => current),
    subscribe: vi.fn(async (options: PushSubscriptionOptionsInit) => {
      current = fakeSubscription('https://push.example.test/new', options.applicationServerKey as Uint8Array);
      return current;
    }),
  };
  const registration = { pushManager, active: { postMessage: vi.fn() } };
  const listeners = new Set<(e: MessageEvent) => void>();
  const serviceWorker = {
    getRegistration: vi.fn(async () => (b.registered === false ? undefined : registration)),
    register: vi.fn(async () => registration),
    ready: Promise.resolve(registration),
    addEventListener: (_type: string, l: (e: MessageEvent) => void) => listeners.add(l),
    removeEventListener: (_type: string, l: (e: MessageEvent) => void) => listeners.delete(l),
    startMessages: vi.fn(),
  };
  const notification = {
    permission: b.permission,
    requestPermission: vi.fn(async () => {
      notification.permission = b.answer ?? b.permission;
      return notification.permission;
    }),
  };
  vi.stubGlobal('navigator', { ...navigator, serviceWorker });
  vi.stubGlobal('PushManager', class {});
  vi.stubGlobal('Notification', notification);
  return {
    pushManager,
    serviceWorker,
    notification,
    current: () => current,
    post: (data: unknown) => {
      for (const l of listeners) l(new MessageEvent('message', { data }));
    },
  };
}
