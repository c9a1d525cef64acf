import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { channelsOf, NOTIFICATION_KINDS } from '../../common/api/settings-account';
import { members, sessions } from '../db/schema';
import { hashPassword } from '../services/accounts/passwords';
import { createMember, loginCookie, type MemberInput, type TestApp, testApp } from '../test/app';

const NOW = new Date('2026-05-01T12:00:00Z');
const PASSWORD = 'a long secret 42';
let t: TestApp;
let passwordHash: string;
beforeAll(async () => {
  t = await testApp({ now: () => NOW });
  passwordHash = await hashPassword(PASSWORD);
});
afterAll(() => t?.close());

type Method = 'GET' | 'PUT' | 'POST' | 'DELETE';
const call = (
  method: Method,
  url: string,
  opts: { cookie?: string; body?: unknown; csrf?: boolean; host?: string } = {},
) =>
  t.app.inject({
    method,
    url,
    headers: {
      host: opts.host ?? 'main.test',
      ...(opts.csrf === false ? {} : { 'x-requested-with': 'XMLHttpRequest' }),
      ...(opts.cookie ? { cookie: opts.cookie } : {}),
    },
    ...(opts.body !== undefined ? { payload: opts.body as object } : {}),
  });

async function member(input: MemberInput = {}) {
  const m = await createMember(t.db, input);
  await t.db.update(members).set({ passwordHash }).where(eq(members.id, m.id));
  return { ...m, cookie: await loginCookie(t.db, m.id, NOW) };
}

const row = async (id: number) => (await t.db.select().from(members).where(eq(members.id, id)))[0];

describe('authorization', () => {
  test.each([
    ['GET', '/api/account.php', undefined],
    ['PUT', '/api/account.php', { invisible: true }],
    ['POST', '/api/account-pause.php', undefined],
    ['DELETE', '/api/account.php', { reason: 'other', password: PASSWORD }],
    ['GET', '/api/blocks.php', undefined],
    ['POST', '/api/blocks.php', { member_id: 1 }],
    ['DELETE', '/api/blocks.php', { member_id: 1 }],
  ] as const)('%s %s answers 403 authentication_required to a visitor', async (method, url, body) => {
    const res = await call(method, url, { body });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('authentication_required');
  });

  test.each([
    ['PUT', '/api/account.php', { invisible: true }],
    ['POST', '/api/account-pause.php', undefined],
    ['DELETE', '/api/account.php', { reason: 'other', password: PASSWORD }],
    ['POST', '/api/blocks.php', { member_id: 1 }],
    ['DELETE', '/api/blocks.php', { member_id: 1 }],
  ] as const)('%s %s is refused without the CSRF header', async (method, url, body) => {
    const m = await member();
    const res = await call(method, url, { cookie: m.cookie, body, csrf: false });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('csrf');
    const r = await row(m.id);
    expect(r?.invisible).toBe(false);
    expect(r?.deletedAt).toBeNull();
  });

  test("a session of another site's member is no login here", async () => {
    const m = await member({ domain: 'first.test', country: 'DE' });
    const res = await call('PUT', '/api/account.php', { cookie: m.cookie, body: { invisible: true } });
    expect(res.statusCode).toBe(403);
    expect((await row(m.id))?.invisible).toBe(false);
  });
});

describe('invisible mode', () => {
  test('turns on and off, and an invisible member drops out of the member lists', async () => {
    const m = await member({ photo: {} });
    const listed = async () => {
      const res = await call('GET', '/api/showcase.php');
      return (res.json().profiles as { id: number }[]).map((p) => p.id);
    };
    expect(await listed()).toContain(m.id);

    const on = await call('PUT', '/api/account.php', { cookie: m.cookie, body: { invisible: true } });
    expect(on.statusCode).toBe(200);
    expect(on.json()).toEqual({ account: { invisible: true } });
    expect((await call('GET', '/api/account.php', { cookie: m.cookie })).json()).toEqual({
      account: { invisible: true },
    });
    expect(await listed()).not.toContain(m.id);

    await call('PUT', '/api/account.php', { cookie: m.cookie, body: { invisible: false } });
    expect(await listed()).toContain(m.id);
  });

  test.each([
    ['a string', { invisible: 'yes' }],
    ['nothing', {}],
    ['another field', { invisible: true, credits: 1000 }],
  ])('PUT with %s is 400 and changes nothing', async (_, body) => {
    const m = await member();
    const res = await call('PUT', '/api/account.php', { cookie: m.cookie, body });
    expect(res.statusCode).toBe(400);
    expect((await row(m.id))?.credits).toBe(3);
    expect((await row(m.id))?.invisible).toBe(false);
  });

  test('a pause makes the member invisible and turns every e-mail and push off', async () => {
    const m = await member();
    const res = await call('POST', '/api/account-pause.php', { cookie: m.cookie });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.account).toEqual({ invisible: true });
    expect(Object.keys(body.notifications.settings).sort()).toEqual([...NOTIFICATION_KINDS].sort());
    expect(Object.values(body.notifications.settings)).toEqual(
      NOTIFICATION_KINDS.map((k) => Object.fromEntries(channelsOf(k).map((c) => [c, false]))),
    );
    expect((await row(m.id))?.invisible).toBe(true);
  });
});

describe('deleting the account', () => {
  const del = (cookie: string, body: unknown) => call('DELETE', '/api/account.php', { cookie, body });

  test('with the right password: marked deleted with its reason, every session ended, the cookie cleared', async () => {
    const m = await member();
    const otherDevice = await loginCookie(t.db, m.id, NOW);
    const res = await del(m.cookie, {
      reason: 'found_partner',
      comment: '  Met someone here!  ',
      password: PASSWORD,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ deleted: true, reactivation_days: 14 });
    const cleared = res.cookies.find((c) => c.name === 'auth');
    expect(cleared?.value).toBe('');
    expect(cleared?.path).toBe('/');
    expect(cleared?.expires?.getTime()).toBeLessThanOrEqual(Date.now());

    const r = await row(m.id);
    expect(r?.status).toBe('deleted');
    expect(r?.deletedAt?.toISOString()).toBe(NOW.toISOString());
    expect(r?.deletionReason).toBe('found_partner: Met someone here!');
    expect(await t.db.select().from(sessions).where(eq(sessions.memberId, m.id))).toEqual([]);
    for (const cookie of [m.cookie, otherDevice]) {
      expect((await call('GET', '/api/user.php', { cookie })).json().user).toBeNull();
      expect((await call('GET', '/api/account.php', { cookie })).statusCode).toBe(403);
    }
    // Gone from every list at once.
    const listed = (await call('GET', '/api/showcase.php')).json().profiles as { id: number }[];
    expect(listed.map((p) => p.id)).not.toContain(m.id);
  });

  test('a reason without a comment is stored as it is', async () => {
    const m = await member();
    expect((await del(m.cookie, { reason: 'too_many_emails', password: PASSWORD })).statusCode).toBe(200);
    expect((await row(m.id))?.deletionReason).toBe('too_many_emails');
  });

  test('a suspended member stays suspended when deleting', async () => {
    const m = await member();
    await t.db.update(members).set({ status: 'suspended' }).where(eq(members.id, m.id));
    expect((await del(m.cookie, { reason: 'other', password: PASSWORD })).statusCode).toBe(200);
    expect(await row(m.id)).toMatchObject({ status: 'suspended', deletedAt: NOW });
  });

  test('a wrong password is refused in the member language and deletes nothing', async () => {
    const m = await member();
    const res = await del(`${m.cookie}; i18n_locale=nl`, { reason: 'other', password: 'not it at all' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'wrong_password', message: expect.any(String) });
    expect(res.json().message).not.toBe('error.wrong_password');
    expect(await row(m.id)).toMatchObject({ status: 'active', deletedAt: null });
    expect((await call('GET', '/api/user.php', { cookie: m.cookie })).json().user).not.toBeNull();
  });

  test('a member without a password cannot delete by guessing one', async () => {
    const m = await member();
    await t.db.update(members).set({ passwordHash: null }).where(eq(members.id, m.id));
    expect((await del(m.cookie, { reason: 'other', password: '' })).statusCode).toBe(400);
    expect((await del(m.cookie, { reason: 'other', password: 'anything' })).json().error).toBe(
      'wrong_password',
    );
    expect((await row(m.id))?.deletedAt).toBeNull();
  });

  test('after five wrong passwords even the right one waits (429 with retry_after)', async () => {
    const m = await member();
    for (let i = 0; i < 5; i++) {
      expect((await del(m.cookie, { reason: 'other', password: `wrong ${i}` })).statusCode).toBe(400);
    }
    const res = await del(m.cookie, { reason: 'other', password: PASSWORD });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ error: 'too_many_requests', retry_after: expect.any(Number) });
    expect(res.json().retry_after).toBeGreaterThan(0);
    expect(res.json().retry_after).toBeLessThanOrEqual(15 * 60);
    expect((await row(m.id))?.deletedAt).toBeNull();
  });

  test.each([
    ['no reason', { password: PASSWORD }],
    ['an unknown reason', { reason: 'bored', password: PASSWORD }],
    ['no password', { reason: 'other' }],
    ['an overlong comment', { reason: 'other', comment: 'x'.repeat(501), password: PASSWORD }],
    ['an overlong password', { reason: 'other', password: 'x'.repeat(129) }],
    ['an extra field', { reason: 'other', password: PASSWORD, member_id: 1 }],
  ])('%s is 400 invalid_input and deletes nothing', async (_, body) => {
    const m = await member();
    const res = await del(m.cookie, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('invalid_input');
    expect((await row(m.id))?.deletedAt).toBeNull();
  });

  test("deleting ends only the member's own account", async () => {
    const a = await member();
    const b = await member();
    await del(a.cookie, { reason: 'other', password: PASSWORD });
    expect(await row(b.id)).toMatchObject({ status: 'active', deletedAt: null });
    expect((await call('GET', '/api/user.php', { cookie: b.cookie })).json().user).not.toBeNull();
  });
});
