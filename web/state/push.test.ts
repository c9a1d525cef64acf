import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PushPayload } from '../../common/api/push';
import { refreshInterval, setPushSubscribed, userRefetchInterval } from '../api/user';
import { mockApi } from '../screens/transactions/test-support';
import {
  keyBytes,
  listenToWorker,
  readPushState,
  refreshPushState,
  resendSubscription,
  subscribePush,
  unsubscribePush,
} from './push';
import { fakeBrowser, fakeSubscription, KEY, OTHER_KEY } from './push-test-support';

beforeEach(() => {
  // A built app: the worker exists (in `vite` dev mode there is none).
  vi.stubEnv('PROD', true);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  setPushSubscribed(false);
});

describe('readPushState (push states)', () => {
  it('is "not capable" when the site has no push key or the browser has no Push API', async () => {
    fakeBrowser({ permission: 'default' });
    expect(await readPushState(null)).toBe('not-capable');
    // A browser with service workers but without the Push API (PushManager).
    vi.stubGlobal('PushManager', undefined);
    Reflect.deleteProperty(globalThis, 'PushManager');
    expect(await readPushState(KEY)).toBe('not-capable');
  });

  it('is "not capable" in a dev server without a worker, "not subscribed" in a built app before registration', async () => {
    fakeBrowser({ permission: 'default', registered: false });
    expect(await readPushState(KEY)).toBe('not-subscribed');
    vi.stubEnv('PROD', false);
    expect(await readPushState(KEY)).toBe('not-capable');
  });

  it('is "denied" when notifications were refused, whatever the subscription', async () => {
    fakeBrowser({ permission: 'denied', subscription: fakeSubscription('https://p.test/1', keyBytes(KEY)) });
    expect(await readPushState(KEY)).toBe('denied');
  });

  it('is "subscribed" with a subscription and permission, else "not subscribed"', async () => {
    fakeBrowser({ permission: 'granted', subscription: fakeSubscription('https://p.test/1', keyBytes(KEY)) });
    expect(await readPushState(KEY)).toBe('subscribed');
    fakeBrowser({ permission: 'granted', subscription: null });
    expect(await readPushState(KEY)).toBe('not-subscribed');
    fakeBrowser({ permission: 'default', subscription: null });
    expect(await readPushState(KEY)).toBe('not-subscribed');
  });
});

describe('subscribePush (subscribing registers a worker, then posts the subscription)', () => {
  it('asks permission, subscribes with the site key (user-visible only) and posts the subscription', async () => {
    const browser = fakeBrowser({ permission: 'default', answer: 'granted' });
    const calls = mockApi(() => ({ body: { ok: true } }));
    expect(await subscribePush(KEY)).toBe('subscribed');
    expect(browser.notification.requestPermission).toHaveBeenCalledOnce();
    const [options] = browser.pushManager.subscribe.mock.calls[0] ?? [];
    expect(options?.userVisibleOnly).toBe(true);
    expect(options?.applicationServerKey).toEqual(keyBytes(KEY));
    expect(calls).toHaveLength(1);
    expect(calls[0]?.method).toBe('POST');
    expect(`${calls[0]?.url.pathname}${calls[0]?.url.search}`).toBe('/api/user.php?push=1');
    expect(calls[0]?.body).toEqual({ subscription: browser.current()?.toJSON() });
    // While subscribed, the user and chats reload every 300 s.
    expect(refreshInterval()).toBe(300_000);
  });

  it('a refused prompt is "denied" and a dismissed one leaves it "not subscribed"; nothing is posted', async () => {
    let browser = fakeBrowser({ permission: 'default', answer: 'denied' });
    const calls = mockApi(() => ({ body: { ok: true } }));
    expect(await subscribePush(KEY)).toBe('denied');
    browser = fakeBrowser({ permission: 'default', answer: 'default' });
    expect(await subscribePush(KEY)).toBe('not-subscribed');
    expect(browser.pushManager.subscribe).not.toHaveBeenCalled();
    expect(calls).toHaveLength(0);
  });

  it('gives the subscription up again when the server refuses it, and says why', async () => {
    const browser = fakeBrowser({ permission: 'granted' });
    mockApi(() => ({ status: 400, body: { error: 'push_service_unknown', message: 'Not here.' } }));
    await expect(subscribePush(KEY)).rejects.toThrow('Not here.');
    expect(browser.current()?.unsubscribe).toHaveBeenCalledOnce();
  });

  it('replaces a subscription made with an earlier key of the site', async () => {
    const old = fakeSubscription('https://p.test/old', keyBytes(OTHER_KEY));
    const browser = fakeBrowser({ permission: 'granted', subscription: old });
    const calls = mockApi(() => ({ body: { ok: true } }));
    await subscribePush(KEY);
    expect(old.unsubscribe).toHaveBeenCalledOnce();
    expect(browser.pushManager.subscribe).toHaveBeenCalledOnce();
    expect(calls[0]?.body).toMatchObject({ subscription: { endpoint: 'https://push.example.test/new' } });
  });
});

describe('unsubscribing, and the subscription after a login', () => {
  it('unsubscribePush tells the server (DELETE with the endpoint), then gives the subscription up', async () => {
    const sub = fakeSubscription('https://p.test/1', keyBytes(KEY));
    fakeBrowser({ permission: 'granted', subscription: sub });
    const calls = mockApi(() => ({ body: { ok: true } }));
    await refreshPushState(KEY);
    expect(refreshInterval()).toBe(300_000);
    await unsubscribePush();
    expect(calls.map((c) => [c.method, c.body])).toEqual([['DELETE', { endpoint: 'https://p.test/1' }]]);
    expect(sub.unsubscribe).toHaveBeenCalledOnce();
    expect(refreshInterval()).toBe(60_000);
  });

  it('resendSubscription posts an existing subscription again (it moves to the member logged in)', async () => {
    const sub = fakeSubscription('https://p.test/1', keyBytes(KEY));
    fakeBrowser({ permission: 'granted', subscription: sub });
    const calls = mockApi(() => ({ body: { ok: true } }));
    await resendSubscription();
    expect(calls.map((c) => [c.method, c.body])).toEqual([['POST', { subscription: sub.toJSON() }]]);
  });

  it('resendSubscription posts nothing without a subscription or without permission', async () => {
    const calls = mockApi(() => ({ body: { ok: true } }));
    fakeBrowser({ permission: 'granted', subscription: null });
    await resendSubscription();
    fakeBrowser({ permission: 'default', subscription: fakeSubscription('https://p.test/1', keyBytes(KEY)) });
    await resendSubscription();
    expect(calls).toHaveLength(0);
  });
});

describe('refresh intervals', () => {
  it('the user: first after 5 s, then 60 s, or 300 s while push is subscribed', () => {
    expect(userRefetchInterval(1)).toBe(5_000);
    expect(userRefetchInterval(2)).toBe(60_000);
    setPushSubscribed(true);
    expect(userRefetchInterval(1)).toBe(5_000);
    expect(userRefetchInterval(2)).toBe(300_000);
  });
});

describe('listenToWorker (on every push message the user is refetched)', () => {
  it('refetches the user, chats and likes when the worker tells of a push', () => {
    const browser = fakeBrowser({ permission: 'granted' });
    const client = new QueryClient();
    const invalidate = vi.spyOn(client, 'invalidateQueries').mockResolvedValue();
    const stop = listenToWorker(client);
    expect(browser.serviceWorker.startMessages).toHaveBeenCalled();
    browser.post({ type: 'cache-urls' });
    expect(invalidate).not.toHaveBeenCalled();
    const payload: PushPayload = {
      kind: 'new_messages',
      title: 'Ada',
      body: 'Hoi!',
      url: '/chats/7',
      tag: 'chat-7',
      count: 2,
    };
    browser.post({ type: 'push', payload });
    expect(invalidate.mock.calls.map(([filters]) => filters?.queryKey)).toEqual([
      ['user'],
      ['chats'],
      ['likes'],
    ]);
    stop();
    browser.post({ type: 'push', payload });
    expect(invalidate).toHaveBeenCalledTimes(3);
  });
});

describe('keyBytes', () => {
  it('decodes a base64url VAPID key to its 65 bytes (an uncompressed P-256 point)', () => {
    const bytes = keyBytes(KEY);
    expect(bytes).toHaveLength(65);
    expect(bytes[0]).toBe(4);
  });
});
