import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { channelsOf, NOTIFICATION_KINDS } from '../../common/api/settings-account';
import { members } from '../db/schema';
import { createMember, loginCookie, type TestApp, testApp } from '../test/app';

const NOW = new Date('2026-05-01T12:00:00Z');
let t: TestApp;
beforeAll(async () => {
  t = await testApp({ now: () => NOW });
});
afterAll(() => t?.close());

type Method = 'GET' | 'PUT' | 'POST' | 'DELETE';
const call = (method: Method, url: string, opts: { cookie?: string; body?: unknown; csrf?: boolean } = {}) =>
  t.app.inject({
    method,
    url,
    headers: {
      host: 'main.test',
      ...(opts.csrf === false ? {} : { 'x-requested-with': 'XMLHttpRequest' }),
      ...(opts.cookie ? { cookie: opts.cookie } : {}),
      'accept-language': 'en',
    },
    ...(opts.body !== undefined ? { payload: opts.body as object } : {}),
  });

async function member() {
  const m = await createMember(t.db);
  return { ...m, cookie: await loginCookie(t.db, m.id, NOW) };
}

const allOn = Object.fromEntries(
  NOTIFICATION_KINDS.map((k) => [k, Object.fromEntries(channelsOf(k).map((c) => [c, true]))]),
);

describe('notification settings', () => {
  test.each([
    ['GET', '/api/notifications.php', undefined],
    ['PUT', '/api/notifications.php', { settings: { like: { email: false } } }],
    ['POST', '/api/notifications-essential.php', undefined],
    ['DELETE', '/api/notifications-disabled.php', undefined],
  ] as const)('%s %s answers 403 authentication_required to a visitor', async (method, url, body) => {
    const res = await call(method, url, { body });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error: 'authentication_required', message: expect.any(String) });
  });

  test.each([
    ['PUT', '/api/notifications.php', { settings: { like: { email: false } } }],
    ['POST', '/api/notifications-essential.php', undefined],
    ['DELETE', '/api/notifications-disabled.php', undefined],
  ] as const)('%s %s is refused without the CSRF header and changes nothing', async (method, url, body) => {
    const m = await member();
    await t.db
      .update(members)
      .set({ notificationsDisabled: ['spam'] })
      .where(eq(members.id, m.id));
    const res = await call(method, url, { cookie: m.cookie, body, csrf: false });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('csrf');
    const [row] = await t.db.select().from(members).where(eq(members.id, m.id));
    expect(row?.notificationSettings).toEqual({});
    expect(row?.notificationsDisabled).toEqual(['spam']);
  });

  test('every notification kind is on by default: e-mail for all, push for the kinds a push is for', async () => {
    const m = await member();
    const res = await call('GET', '/api/notifications.php', { cookie: m.cookie });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ notifications: { settings: allOn, email_disabled: [] } });
    expect(allOn.new_messages).toEqual({ email: true, push: true });
    expect(allOn.promotions).toEqual({ email: true });
  });

  test('PUT changes the kinds it names, keeps the others, and keeps what another channel stored', async () => {
    const m = await member();
    await t.db
      .update(members)
      .set({ notificationSettings: { like: { push: false }, news: { email: false } } })
      .where(eq(members.id, m.id));
    const res = await call('PUT', '/api/notifications.php', {
      cookie: m.cookie,
      body: { settings: { like: { email: false }, promotions: { email: false }, news: { email: true } } },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().notifications.settings).toEqual({
      ...allOn,
      like: { email: false, push: false },
      promotions: { email: false },
    });
    const [row] = await t.db.select().from(members).where(eq(members.id, m.id));
    expect(row?.notificationSettings).toEqual({
      like: { push: false, email: false },
      promotions: { email: false },
      news: { email: true },
    });
    // A later read gives the same.
    const again = await call('GET', '/api/notifications.php', { cookie: m.cookie });
    expect(again.json().notifications.settings.like).toEqual({ email: false, push: false });
  });

  test("one member's change leaves every other member's settings alone", async () => {
    const a = await member();
    const b = await member();
    await call('PUT', '/api/notifications.php', {
      cookie: a.cookie,
      body: { settings: { news: { email: false } } },
    });
    const res = await call('GET', '/api/notifications.php', { cookie: b.cookie });
    expect(res.json().notifications.settings.news).toEqual({ email: true });
  });

  test.each([
    ['an unknown kind', { settings: { dinner: { email: false } } }],
    ['push for a kind that goes by mail only', { settings: { promotions: { push: false } } }],
    ['a channel that does not exist', { settings: { like: { sms: false } } }],
    ['a value that is not a boolean', { settings: { like: { email: 'no' } } }],
    ['no settings at all', {}],
    ['a list', { settings: [] }],
  ])('PUT with %s is 400 invalid_input and stores nothing', async (_, body) => {
    const m = await member();
    const res = await call('PUT', '/api/notifications.php', { cookie: m.cookie, body });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('invalid_input');
    const [row] = await t.db.select().from(members).where(eq(members.id, m.id));
    expect(row?.notificationSettings).toEqual({});
  });

  test('fewer notifications keeps only mail about conversations, messages and likes', async () => {
    const m = await member();
    const res = await call('POST', '/api/notifications-essential.php', { cookie: m.cookie });
    expect(res.statusCode).toBe(200);
    // Push is left as it was: "fewer" is about the mailbox.
    expect(res.json().notifications.settings).toEqual({
      new_conversations: { email: true, push: true },
      new_messages: { email: true, push: true },
      like: { email: true, push: true },
      unread_message_reminders: { email: false, push: true },
      promotions: { email: false },
      weekly_updates: { email: false },
      news: { email: false },
      reminders: { email: false, push: true },
    });
  });
});

describe('e-mail switched off by a spam flag, a bounce or an unsubscribe', () => {
  test('the reasons show in the settings and in the user, and the member can turn e-mail back on', async () => {
    const m = await member();
    await t.db
      .update(members)
      .set({ notificationsDisabled: ['spam', 'bounce'] })
      .where(eq(members.id, m.id));
    const before = await call('GET', '/api/notifications.php', { cookie: m.cookie });
    expect(before.json().notifications.email_disabled).toEqual(['spam', 'bounce']);
    const user = await call('GET', '/api/user.php', { cookie: m.cookie });
    expect(user.json().user.notifications_disabled).toEqual(['spam', 'bounce']);

    const res = await call('DELETE', '/api/notifications-disabled.php', { cookie: m.cookie });
    expect(res.statusCode).toBe(200);
    expect(res.json().notifications.email_disabled).toEqual([]);
    const after = await call('GET', '/api/user.php', { cookie: m.cookie });
    expect(after.json().user.notifications_disabled).toEqual([]);
  });

  test("turning e-mail back on touches only the member's own account", async () => {
    const a = await member();
    const b = await member();
    await t.db
      .update(members)
      .set({ notificationsDisabled: ['unsubscribe'] })
      .where(eq(members.id, b.id));
    await call('DELETE', '/api/notifications-disabled.php', { cookie: a.cookie });
    const [row] = await t.db.select().from(members).where(eq(members.id, b.id));
    expect(row?.notificationsDisabled).toEqual(['unsubscribe']);
  });
});
