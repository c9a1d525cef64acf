import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PushPayload } from '../../common/api/push';
import { handleNotificationClick, onPushSubscriptionChange, parsePayload, showPush, sitePath } from './push';

afterEach(() => vi.unstubAllGlobals());

describe('parsePayload (common/api/push.ts PushPayload)', () => {
  it('reads the JSON a push carries', () => {
    const payload = {
      kind: 'new_messages',
      title: 'Ada',
      body: 'Hoi!',
      url: '/chats/7',
      tag: 'chat-7',
      count: 3,
    };
    expect(parsePayload(JSON.stringify(payload))).toEqual(payload);
  });

  it('is null for what is not a push of the site', () => {
    expect(parsePayload('not json')).toBeNull();
    expect(parsePayload('null')).toBeNull();
    expect(parsePayload(JSON.stringify({ title: 'x' }))).toBeNull();
  });

  it('never opens another site, and a bad count clears the badge', () => {
    const p = parsePayload(
      JSON.stringify({ kind: 'like', title: 'x', body: 'y', url: 'https://evil.test/', count: -4 }),
    );
    expect(p).toMatchObject({ url: '/', count: 0, tag: 'like' });
  });
});

describe('sitePath', () => {
  it.each([
    ['/chats/7', '/chats/7'],
    ['//evil.test/x', '/'],
    ['/\\evil.test', '/'],
    ['https://evil.test/', '/'],
    [42, '/'],
  ])('%s → %s', (input, out) => {
    expect(sitePath(input)).toBe(out);
  });
});

type FakePage = {
  url: string;
  focused: boolean;
  visibilityState: DocumentVisibilityState;
  focus: ReturnType<typeof vi.fn>;
  navigate: ReturnType<typeof vi.fn>;
};

const page = (over: Partial<FakePage> = {}): FakePage => ({
  url: `${location.origin}/members`,
  focused: false,
  visibilityState: 'hidden',
  focus: vi.fn(async () => undefined),
  navigate: vi.fn(async () => ({})),
  ...over,
});

function fakeClients(pages: FakePage[]) {
  const clients = { matchAll: vi.fn(async () => pages), openWindow: vi.fn(async () => null) };
  vi.stubGlobal('clients', clients);
  return clients;
}

const notification = (url: unknown) => ({ data: { url }, close: vi.fn() }) as unknown as Notification;

describe('handleNotificationClick (a tap on a push)', () => {
  it('focuses an open page of the site and navigates it to the push’s path', async () => {
    const hidden = page();
    const visible = page({ visibilityState: 'visible' });
    const clients = fakeClients([hidden, visible]);
    const n = notification('/chats/7');
    await handleNotificationClick(n);
    expect(n.close).toHaveBeenCalled();
    expect(visible.focus).toHaveBeenCalled();
    expect(visible.navigate).toHaveBeenCalledWith(`${location.origin}/chats/7`);
    expect(hidden.navigate).not.toHaveBeenCalled();
    expect(clients.openWindow).not.toHaveBeenCalled();
  });

  it('still navigates when focusing is not allowed (no user activation)', async () => {
    const only = page({ focus: vi.fn(async () => Promise.reject(new Error('InvalidAccessError'))) });
    fakeClients([only]);
    await handleNotificationClick(notification('/likes'));
    expect(only.navigate).toHaveBeenCalledWith(`${location.origin}/likes`);
  });

  it('opens a new window when no page of the site is open, or the open one cannot be navigated', async () => {
    let clients = fakeClients([]);
    await handleNotificationClick(notification('/chats'));
    expect(clients.openWindow).toHaveBeenCalledWith(`${location.origin}/chats`);
    clients = fakeClients([
      page({ navigate: vi.fn(async () => Promise.reject(new TypeError('uncontrolled'))) }),
    ]);
    await handleNotificationClick(notification('https://evil.test/'));
    expect(clients.openWindow).toHaveBeenCalledWith(`${location.origin}/`);
  });
});

describe('showPush', () => {
  const payload: PushPayload = {
    kind: 'new_messages',
    title: 'Ada',
    body: 'Hoi!',
    url: '/chats/7',
    tag: 'chat-7',
    count: 3,
  };

  it('shows the notification with the site icon, sets the app badge and tells every open page', async () => {
    const showNotification = vi.fn(async () => undefined);
    vi.stubGlobal('registration', { showNotification });
    const setAppBadge = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, setAppBadge, clearAppBadge: vi.fn() });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json({
          icons: [
            { src: '/icons/k/maskable-512.png', sizes: '512x512', purpose: 'maskable' },
            { src: '/icons/k/any-192.png', sizes: '192x192', purpose: 'any' },
          ],
        }),
      ),
    );
    const pages = [page(), page()].map((p) => ({ ...p, postMessage: vi.fn() }));
    vi.stubGlobal('clients', { matchAll: vi.fn(async () => pages) });
    await showPush(payload);
    expect(showNotification).toHaveBeenCalledWith('Ada', {
      body: 'Hoi!',
      tag: 'chat-7',
      icon: '/icons/k/any-192.png',
      data: { url: '/chats/7' },
      renotify: true,
    });
    expect(setAppBadge).toHaveBeenCalledWith(3);
    for (const p of pages) expect(p.postMessage).toHaveBeenCalledWith({ type: 'push', payload });
  });
});

describe('pushsubscriptionchange', () => {
  it('files the browser’s new subscription with the server and drops the old one', async () => {
    const calls: { url: string; method: string; body: unknown }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        calls.push({ url, method: init.method ?? 'GET', body: JSON.parse(String(init.body)) });
        return Response.json({ ok: true });
      }),
    );
    const json = { endpoint: 'https://push.test/new', keys: { p256dh: 'p', auth: 'a' } };
    let done: Promise<unknown> = Promise.resolve();
    onPushSubscriptionChange(
      Object.assign(new Event('pushsubscriptionchange'), {
        oldSubscription: { endpoint: 'https://push.test/old' },
        newSubscription: { endpoint: json.endpoint, toJSON: () => json },
        waitUntil: (p: Promise<unknown>) => {
          done = p;
        },
      }),
    );
    await done;
    expect(calls).toEqual([
      { url: '/api/user.php?push=1', method: 'POST', body: { subscription: json } },
      { url: '/api/user.php?push=1', method: 'DELETE', body: { endpoint: 'https://push.test/old' } },
    ]);
  });
});
