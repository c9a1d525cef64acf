import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type App, buildApp } from '../app';
import { members } from '../db/schema';
import { headers } from '../infra/mail/testing/app';
import { createMember, loginCookie } from '../test/app';
import { type TestDatabase, testDatabase } from '../test/db';

const SECRET = 'mail-provider-secret-0123456789';
let shared: TestDatabase;
let app: App;
/** The same database without MAIL_EVENTS_SECRET: the endpoint does not exist there. */
let unconfigured: App;
beforeAll(async () => {
  shared = await testDatabase();
  app = await buildApp({
    config: { ...shared.config, mailEventsSecret: SECRET },
    database: shared.database,
    webDir: null,
  });
  unconfigured = await buildApp({ config: shared.config, database: shared.database, webDir: null });
});
afterAll(async () => {
  await app?.close();
  await unconfigured?.close();
  await shared?.destroy();
});

const report = (body: unknown, authorization?: string, target = app) =>
  target.inject({
    method: 'POST',
    url: '/api/mail-events.php',
    // The provider sends no browser header and no cookie.
    headers: { host: 'main.test', ...(authorization ? { authorization } : {}) },
    payload: body as object,
  });
const bearer = `Bearer ${SECRET}`;

/** The same address with an account on two sites, and another address. */
async function accounts(local: string) {
  const email = `${local}@example.test`;
  const db = shared.database.db;
  const onMain = await createMember(db, { name: `${local}main` });
  const onFirst = await createMember(db, { name: `${local}first`, domain: 'first.test' });
  const other = await createMember(db, { name: `${local}other` });
  await db.update(members).set({ email }).where(eq(members.id, onMain.id));
  await db.update(members).set({ email: email.toUpperCase() }).where(eq(members.id, onFirst.id));
  return { email, onMain, onFirst, other };
}

const disabled = async (id: number) =>
  (await shared.database.db.select().from(members).where(eq(members.id, id)))[0]?.notificationsDisabled;

describe('POST /api/mail-events.php', () => {
  test('a bounce turns e-mail off for every account with the address, on every site, once', async () => {
    const a = await accounts('bouncing');
    const res = await report({ type: 'bounce', email: a.email }, bearer);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ disabled: 2 });
    expect(await disabled(a.onMain.id)).toEqual(['bounce']);
    expect(await disabled(a.onFirst.id)).toEqual(['bounce']);
    expect(await disabled(a.other.id)).toEqual([]);

    expect((await report({ type: 'bounce', email: a.email }, bearer)).json()).toEqual({ disabled: 0 });
    expect(await disabled(a.onMain.id)).toEqual(['bounce']);
  });

  test('a complaint adds "spam", an unsubscribe "unsubscribe"; the member sees why on /api/user.php', async () => {
    const a = await accounts('complaining');
    expect((await report({ type: 'complaint', email: a.email }, bearer)).json()).toEqual({ disabled: 2 });
    expect((await report({ type: 'unsubscribe', email: a.email }, bearer)).json()).toEqual({ disabled: 2 });
    expect(await disabled(a.onMain.id)).toEqual(['spam', 'unsubscribe']);

    // What the disabled-notifications alert reads (web/components/DisabledNotificationsAlert.tsx).
    const cookie = await loginCookie(shared.database.db, a.onMain.id);
    const user = await app.inject({ url: '/api/user.php', headers: headers(cookie) });
    expect(user.json().user.notifications_disabled).toEqual(['spam', 'unsubscribe']);
  });

  test('without the secret, or with a wrong one: 401 and nothing changes', async () => {
    const a = await accounts('guarded');
    for (const authorization of [
      undefined,
      'Bearer wrong-secret-0123456789',
      `Basic ${btoa(`x:${SECRET}x`)}`,
      SECRET,
    ]) {
      const res = await report({ type: 'bounce', email: a.email }, authorization);
      expect(res.statusCode, String(authorization)).toBe(401);
      expect(res.json().error).toBe('authentication_required');
    }
    expect(await disabled(a.onMain.id)).toEqual([]);
  });

  test('the secret as the password of Basic auth, for providers that only take a URL', async () => {
    const a = await accounts('basic');
    const res = await report({ type: 'bounce', email: a.email }, `Basic ${btoa(`events:${SECRET}`)}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(await disabled(a.onMain.id)).toEqual(['bounce']);
  });

  test('a report of another shape is 400 and changes nothing', async () => {
    const a = await accounts('shapeless');
    for (const body of [
      { type: 'delivered', email: a.email },
      { type: 'bounce', email: 'not an address' },
      { type: 'bounce' },
      { type: 'bounce', email: a.email, extra: 1 },
    ]) {
      const res = await report(body, bearer);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error).toBe('invalid_input');
    }
    expect(await disabled(a.onMain.id)).toEqual([]);
  });

  test('without MAIL_EVENTS_SECRET the endpoint does not exist', async () => {
    const a = await accounts('unconfigured');
    const res = await report({ type: 'bounce', email: a.email }, bearer, unconfigured);
    expect(res.statusCode).toBe(404);
    expect(await disabled(a.onMain.id)).toEqual([]);
  });

  test('a caller guessing the secret is slowed down', async () => {
    const guess = () =>
      app.inject({
        method: 'POST',
        url: '/api/mail-events.php',
        headers: { host: 'main.test', authorization: 'Bearer guess', 'x-forwarded-for': '203.0.113.9' },
        remoteAddress: '203.0.113.9',
        payload: {},
      });
    const codes = [];
    for (let i = 0; i < 31; i++) codes.push((await guess()).statusCode);
    expect(codes.slice(0, 30).every((c) => c === 401)).toBe(true);
    expect(codes[30]).toBe(429);
  });
});
