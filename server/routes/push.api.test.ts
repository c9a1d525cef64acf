import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { AUTH_COOKIE_DAYS, UNREAD_REMINDER_AFTER_HOURS } from '../../common/constants';
import { pushSubscriptions } from '../db/schema';
import { headers, type MailTestApp, mailTestApp } from '../infra/mail/testing/app';
import { type PushServiceFake, startPushService } from '../infra/push/testing/push-service';
import { sendUnreadReminders } from '../services/notifications/reminders';
import { notificationHarness } from '../services/notifications/testing';
import { loginCookie } from '../test/app';

const clock = { now: new Date('2026-05-01T12:00:00Z') };
let t: MailTestApp;
let pushService: PushServiceFake;
beforeAll(async () => {
  t = await mailTestApp({
    now: () => clock.now,
    // The test's push service on loopback is the one push service members' browsers may use here.
    configure: (c) => ({ ...c, push: { ...c.push, endpointHosts: ['127.0.0.1'] } }),
  });
  pushService = await startPushService(t.app.services.push.publicKey);
});
afterAll(async () => {
  await t?.close();
  await pushService?.close();
});

const h = notificationHarness(() => t, clock);
let seq = 0;
const named = (name: string, language = 'en') => h.member({ name: `${name}${++seq}`, language });

const register = (cookie: string | undefined, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/user.php?push=1', headers: headers(cookie ?? ''), payload });

/** A member whose browser is subscribed, and who then left the page (the beacon). */
async function subscribed(name: string, language = 'en') {
  const m = await named(name, language);
  const browser = pushService.browser();
  const res = await register(m.cookie, { subscription: browser.subscription });
  expect(res.statusCode, res.body).toBe(200);
  await h.hide(m);
  return { ...m, browser };
}

const subscriptionsOf = (memberId: number) =>
  t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.memberId, memberId));

describe('the push key and registering a browser', () => {
  test('settings carry the VAPID public key browsers subscribe with', async () => {
    const res = await t.app.inject({ url: '/api/settings.php', headers: { host: 'main.test' } });
    const key = res.json().settings.push_public_key as string;
    expect(key).toBe(t.app.services.push.publicKey);
    expect(Buffer.from(key, 'base64url')).toHaveLength(65);
  });

  test('POST /api/user.php?push=1 keeps the subscription; the same browser moves to who logs in there', async () => {
    const anna = await named('Anna');
    const bob = await named('Bob');
    const browser = pushService.browser();
    expect((await register(anna.cookie, { subscription: browser.subscription })).json()).toEqual({
      ok: true,
    });
    expect(await subscriptionsOf(anna.id)).toHaveLength(1);

    expect((await register(bob.cookie, { subscription: browser.subscription })).statusCode).toBe(200);
    expect(await subscriptionsOf(anna.id)).toHaveLength(0);
    const [row] = await subscriptionsOf(bob.id);
    expect(row?.endpoint).toBe(browser.subscription.endpoint);
  });

  test("another member cannot take a browser's endpoint without its keys: 409, it stays with its member", async () => {
    const anna = await named('Anna');
    const mallory = await named('Mallory');
    const annasBrowser = pushService.browser();
    expect((await register(anna.cookie, { subscription: annasBrowser.subscription })).statusCode).toBe(200);

    // The endpoint alone (it may leak: a log, a proxy), with keys of Mallory's own.
    const stolen = { ...pushService.browser().subscription, endpoint: annasBrowser.subscription.endpoint };
    const res = await register(mallory.cookie, { subscription: stolen });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: 'push_service_unknown', message: expect.any(String) });
    expect(await subscriptionsOf(mallory.id)).toEqual([]);
    const [kept] = await subscriptionsOf(anna.id);
    expect(kept).toMatchObject({
      endpoint: annasBrowser.subscription.endpoint,
      p256dh: annasBrowser.subscription.keys.p256dh,
      auth: annasBrowser.subscription.keys.auth,
    });

    // Anna's pushes still reach Anna's browser.
    await h.hide(anna);
    await h.send(mallory, anna);
    await t.app.services.notifications.flush();
    expect(annasBrowser.received).toHaveLength(1);
  });

  test('DELETE takes only the member’s own subscription away', async () => {
    const anna = await named('Anna');
    const bob = await named('Bob');
    const browser = pushService.browser();
    await register(anna.cookie, { subscription: browser.subscription });
    const del = (cookie: string) =>
      t.app.inject({
        method: 'DELETE',
        url: '/api/user.php?push=1',
        headers: headers(cookie),
        payload: { endpoint: browser.subscription.endpoint },
      });
    expect((await del(bob.cookie)).statusCode).toBe(200);
    expect(await subscriptionsOf(anna.id)).toHaveLength(1);
    expect((await del(anna.cookie)).statusCode).toBe(200);
    expect(await subscriptionsOf(anna.id)).toHaveLength(0);
  });

  test('logging out in that browser ends its pushes: the subscription goes with the session', async () => {
    const anna = await named('Anna');
    const bob = await subscribed('Bob');
    const out = await t.app.inject({ url: '/api/logout.php', headers: headers(bob.cookie) });
    expect(out.statusCode).toBe(200);
    expect(await subscriptionsOf(bob.id)).toEqual([]);
    await h.send(anna, bob);
    await t.app.services.notifications.flush();
    expect(bob.browser.received).toEqual([]);
  });

  test('an expired login gets no pushes; logging out everywhere ends every browser’s', async () => {
    const anna = await named('Anna');
    const bob = await subscribed('Bob');
    const other = pushService.browser();
    const elsewhere = await loginCookie(t.db, bob.id, clock.now);
    expect((await register(elsewhere, { subscription: other.subscription })).statusCode).toBe(200);
    expect(await subscriptionsOf(bob.id)).toHaveLength(2);

    const later = clock.now;
    clock.now = new Date(later.getTime() + (AUTH_COOKIE_DAYS + 1) * 86_400_000);
    expect(await t.app.services.push.subscribed([bob.id])).toEqual(new Set());
    clock.now = later;

    const out = await t.app.inject({
      method: 'POST',
      url: '/api/logout.php',
      headers: headers(bob.cookie),
      payload: { everywhere: true },
    });
    expect(out.statusCode).toBe(200);
    expect(await subscriptionsOf(bob.id)).toEqual([]);
    await h.send(anna, bob);
    await t.app.services.notifications.flush();
    expect([...bob.browser.received, ...other.received]).toEqual([]);
  });

  test('bad input: a visitor, a malformed subscription, a push service not allowed; nothing stored', async () => {
    const anna = await named('Anna');
    const { subscription } = pushService.browser();
    const visitor = await register(undefined, { subscription });
    expect(visitor.statusCode).toBe(403);
    expect(visitor.json().error).toBe('authentication_required');

    for (const bad of [
      {},
      { subscription: { endpoint: subscription.endpoint } },
      { subscription: { ...subscription, keys: { p256dh: 'short', auth: subscription.keys.auth } } },
      { subscription: { ...subscription, keys: { ...subscription.keys, auth: '' } } },
      { subscription: { ...subscription, endpoint: 'not a url' } },
      { subscription: { ...subscription, endpoint: 'ftp://127.0.0.1/push' } },
    ]) {
      const res = await register(anna.cookie, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json().error).toBe('invalid_input');
    }
    for (const endpoint of ['https://evil.example/push', 'http://10.0.0.1/push', 'http://localhost:6379/']) {
      const res = await register(anna.cookie, { subscription: { ...subscription, endpoint } });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: 'push_service_unknown', message: expect.any(String) });
    }
    expect(await subscriptionsOf(anna.id)).toHaveLength(0);
  });
});

describe('pushes of events', () => {
  test('a new message: an encrypted, signed push in the member’s language that opens the chat; no mail', async () => {
    const anna = await named('Anna');
    const bob = await subscribed('Bob', 'de');
    const { message } = await h.send(anna, bob);
    await t.app.services.notifications.flush();

    expect(pushService.rejected).toEqual([]);
    expect(bob.browser.received).toEqual([
      {
        kind: 'new_conversations',
        title: `${anna.name} hat einen Chat mit dir begonnen`,
        body: expect.stringContaining(anna.name),
        url: `/chats/${message.conversation_id}`,
        tag: `chat/${message.conversation_id}`,
        count: 1,
      },
    ]);
    // Push takes precedence: the mail batch of the same event sends nothing.
    await h.dispatch();
    expect(await h.mailsTo(bob.email)).toEqual([]);

    // The next message of the chat: a push with the same tag, so it replaces the first.
    await h.send(anna, bob);
    await t.app.services.notifications.flush();
    expect(bob.browser.received[1]).toMatchObject({
      kind: 'new_messages',
      tag: `chat/${message.conversation_id}`,
      count: 2,
    });
  });

  test('a like is pushed and opens the likes', async () => {
    const anna = await named('Anna');
    const bob = await subscribed('Bob');
    await h.like(anna, bob);
    await t.app.services.notifications.flush();
    expect(bob.browser.received).toEqual([
      expect.objectContaining({ kind: 'like', url: '/likes', title: `${anna.name} likes you`, count: 1 }),
    ]);
  });

  test('a member looking at the site gets no push (and no mail: they see it arrive)', async () => {
    const anna = await named('Anna');
    const bob = await subscribed('Bob');
    // Back on the page a moment later: its next request makes the member present again.
    clock.now = new Date(clock.now.getTime() + 1000);
    await t.app.inject({ url: '/api/user.php', headers: headers(bob.cookie) });
    await h.send(anna, bob);
    await t.app.services.notifications.flush();
    expect(bob.browser.received).toEqual([]);
  });

  test('push off for the kind on /notifications: mail as chosen instead', async () => {
    const anna = await named('Anna');
    const bob = await subscribed('Bob');
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/notifications.php',
      headers: headers(bob.cookie),
      payload: { settings: { new_conversations: { push: false } } },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().notifications.settings.new_conversations).toEqual({ email: true, push: false });
    await h.hide(bob);
    await h.send(anna, bob);
    await h.dispatch();
    expect(bob.browser.received).toEqual([]);
    expect((await h.mailsTo(bob.email)).map((m) => m.subject)).toEqual([
      `${anna.name} started a chat with you`,
    ]);
  });

  test('a subscription the push service says is gone (410) is removed; mail takes over', async () => {
    const anna = await named('Anna');
    const bob = await subscribed('Bob');
    bob.browser.answer(410);
    await h.send(anna, bob);
    await t.app.services.notifications.flush();
    expect(await subscriptionsOf(bob.id)).toEqual([]);
    await h.dispatch();
    expect(await h.mailsTo(bob.email)).toHaveLength(1);
  });

  test('an unread-message reminder goes by push to a subscribed member', async () => {
    const anna = await named('Anna');
    const bob = await named('Bob');
    await h.send(anna, bob);
    await h.dispatch();
    await h.mailsTo(bob.email);
    const browser = pushService.browser();
    await register(bob.cookie, { subscription: browser.subscription });
    await h.hide(bob);
    clock.now = new Date(clock.now.getTime() + (UNREAD_REMINDER_AFTER_HOURS + 1) * 3_600_000);
    const sent = await sendUnreadReminders(t.app.services, h.log);
    expect(sent).toBeGreaterThanOrEqual(1);
    expect(browser.received).toEqual([
      expect.objectContaining({ kind: 'unread_message_reminders', url: '/chats', count: 1 }),
    ]);
    expect(await h.mailsTo(bob.email)).toEqual([]);
  });
});
