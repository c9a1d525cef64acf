import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { REACTIVATION_DAYS } from '../../common/constants';
import { type App, buildApp } from '../app';
import type { Db } from '../db/client';
import { members } from '../db/schema';
import type { Mailer, OutgoingMail } from '../infra/mail/transport';
import { createToken } from '../infra/tokens';
import { hashPassword } from '../services/accounts/passwords';
import { createMember, loginCookie, type MemberInput } from '../test/app';
import { testDatabase } from '../test/db';

const DAY = 86_400_000;
const NOW = new Date('2026-05-01T12:00:00Z');
const PASSWORD = 'a long secret 42';
let clock = NOW;
let app: App;
let db: Db;
let destroy: () => Promise<void>;
let passwordHash: string;
const sent: OutgoingMail[] = [];
/** Mail to these addresses fails, as a mail server that is down would. */
const failingAddresses = new Set<string>();

const mailer: Mailer = {
  async send(mail) {
    if (failingAddresses.has(mail.to)) throw new Error('mail server down');
    sent.push(mail);
  },
  linkOrigin: (domain) => `http://${domain}`,
  close() {},
};

beforeAll(async () => {
  const t = await testDatabase();
  destroy = t.destroy;
  db = t.database.db;
  app = await buildApp({ config: t.config, database: t.database, now: () => clock, webDir: null, mailer });
  await app.ready();
  passwordHash = await hashPassword(PASSWORD);
});
afterAll(async () => {
  await app?.close();
  await destroy?.();
});

const post = (
  url: string,
  body: unknown,
  opts: { cookie?: string; host?: string; ip?: string; csrf?: boolean } = {},
) =>
  app.inject({
    method: 'POST',
    url,
    remoteAddress: opts.ip ?? '10.9.0.1',
    headers: {
      host: opts.host ?? 'main.test',
      ...(opts.csrf === false ? {} : { 'x-requested-with': 'XMLHttpRequest' }),
      ...(opts.cookie ? { cookie: opts.cookie } : {}),
    },
    payload: body as object,
  });

const userOf = async (cookie: string) =>
  (await app.inject({ url: '/api/user.php', headers: { host: 'main.test', cookie } })).json().user;

const row = async (id: number) => (await db.select().from(members).where(eq(members.id, id)))[0];

async function deletedMember(input: MemberInput = {}) {
  const m = await createMember(db, input);
  const email = `${m.name}@example.test`;
  await db.update(members).set({ passwordHash }).where(eq(members.id, m.id));
  const cookie = await loginCookie(db, m.id, clock);
  const res = await app.inject({
    method: 'DELETE',
    url: '/api/account.php',
    headers: { host: input.domain ?? 'main.test', 'x-requested-with': 'XMLHttpRequest', cookie },
    payload: { reason: 'taking_break', password: PASSWORD },
  });
  expect(res.statusCode).toBe(200);
  return { ...m, email };
}

const linkTo = (email: string) => {
  const mail = [...sent].reverse().find((m) => m.to === email && m.kind === 'reactivation');
  if (!mail?.link) throw new Error(`no reactivation mail to ${email}`);
  return new URL(mail.link);
};
const tokenFor = (email: string) => linkTo(email).searchParams.get('token') ?? '';

describe('the reactivation mail', () => {
  test('goes out on deletion, to the member, with a link to /account-deleted on the own site', async () => {
    clock = NOW;
    const m = await deletedMember();
    const link = linkTo(m.email);
    expect(link.origin).toBe('http://main.test');
    expect(link.pathname).toBe('/account-deleted');
    expect(link.searchParams.get('token')).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  test('a mail server that is down does not undo the deletion', async () => {
    clock = NOW;
    const m = await createMember(db);
    const email = `${m.name}@example.test`;
    failingAddresses.add(email);
    await db.update(members).set({ passwordHash }).where(eq(members.id, m.id));
    const res = await app.inject({
      method: 'DELETE',
      url: '/api/account.php',
      headers: {
        host: 'main.test',
        'x-requested-with': 'XMLHttpRequest',
        cookie: await loginCookie(db, m.id, NOW),
      },
      payload: { reason: 'other', password: PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    expect((await row(m.id))?.deletedAt).not.toBeNull();
  });
});

describe('POST /api/reactivate.php', () => {
  test("the mail's token brings the account back, confirms the address and logs in", async () => {
    clock = NOW;
    const m = await deletedMember();
    clock = new Date(NOW.getTime() + 3 * DAY);
    const res = await post('/api/reactivate.php', { token: tokenFor(m.email) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ reactivated: true });
    const auth = res.cookies.find((c) => c.name === 'auth');
    expect(auth?.value).toBeTruthy();
    expect(auth).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });

    const user = await userOf(`auth=${auth?.value}`);
    expect(user).toMatchObject({ status: 'active', profile: { id: m.id } });
    const r = await row(m.id);
    expect(r).toMatchObject({ status: 'active', deletedAt: null, deletionReason: null });
    expect(r?.emailConfirmedAt?.toISOString()).toBe(clock.toISOString());
    clock = NOW;
  });

  test('works once', async () => {
    clock = NOW;
    const m = await deletedMember();
    const token = tokenFor(m.email);
    expect((await post('/api/reactivate.php', { token })).statusCode).toBe(200);
    const again = await post('/api/reactivate.php', { token });
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toBe('link_invalid');
    expect(again.cookies.find((c) => c.name === 'auth')).toBeUndefined();
  });

  test(`no longer works after ${REACTIVATION_DAYS} days: the account stays deleted`, async () => {
    clock = NOW;
    const m = await deletedMember();
    const token = tokenFor(m.email);
    clock = new Date(NOW.getTime() + REACTIVATION_DAYS * DAY + 60_000);
    const res = await post('/api/reactivate.php', { token });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('link_invalid');
    expect((await row(m.id))?.deletedAt).not.toBeNull();
    clock = NOW;
  });

  test('works on the last day of the window', async () => {
    clock = NOW;
    const m = await deletedMember();
    clock = new Date(NOW.getTime() + REACTIVATION_DAYS * DAY - 60_000);
    expect((await post('/api/reactivate.php', { token: tokenFor(m.email) })).statusCode).toBe(200);
    clock = NOW;
  });

  test("on another site's domain the token does nothing and stays usable on its own site", async () => {
    clock = NOW;
    const m = await deletedMember();
    const token = tokenFor(m.email);
    const elsewhere = await post('/api/reactivate.php', { token }, { host: 'first.test' });
    expect(elsewhere.statusCode).toBe(400);
    expect((await row(m.id))?.deletedAt).not.toBeNull();
    expect((await post('/api/reactivate.php', { token })).statusCode).toBe(200);
  });

  test('a token of another kind, a made-up token or none are refused', async () => {
    clock = NOW;
    const m = await deletedMember();
    const activation = await createToken(db, {
      memberId: m.id,
      kind: 'activation',
      expiresAt: new Date(NOW.getTime() + DAY),
    });
    for (const body of [{ token: activation }, { token: 'A'.repeat(43) }, { token: 'short' }, {}]) {
      const res = await post('/api/reactivate.php', body);
      expect(res.statusCode).toBe(400);
    }
    expect((await row(m.id))?.deletedAt).not.toBeNull();
  });

  test('is refused without the CSRF header', async () => {
    clock = NOW;
    const m = await deletedMember();
    const res = await post('/api/reactivate.php', { token: tokenFor(m.email) }, { csrf: false });
    expect(res.statusCode).toBe(403);
    expect((await row(m.id))?.deletedAt).not.toBeNull();
  });

  test('a suspended member gets the account back still suspended, without a session', async () => {
    clock = NOW;
    const m = await createMember(db);
    await db.update(members).set({ passwordHash, status: 'suspended' }).where(eq(members.id, m.id));
    await app.inject({
      method: 'DELETE',
      url: '/api/account.php',
      headers: {
        host: 'main.test',
        'x-requested-with': 'XMLHttpRequest',
        cookie: await loginCookie(db, m.id, NOW),
      },
      payload: { reason: 'other', password: PASSWORD },
    });
    const res = await post('/api/reactivate.php', { token: tokenFor(`${m.name}@example.test`) });
    expect(res.statusCode).toBe(200);
    expect(res.cookies.find((c) => c.name === 'auth')).toBeUndefined();
    expect(await row(m.id)).toMatchObject({ status: 'suspended', deletedAt: null });
  });
});

describe('POST /api/reactivation-mail.php', () => {
  const ask = (email: string, ip = '10.9.1.1', host = 'main.test') =>
    post('/api/reactivation-mail.php', { email }, { ip, host });
  const mailsTo = (email: string) => sent.filter((m) => m.to === email).length;

  test('mails a new link to a deleted account within the window', async () => {
    clock = NOW;
    const m = await deletedMember();
    const before = mailsTo(m.email);
    const res = await ask(m.email.toUpperCase(), '10.9.1.2');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ sent: true });
    await expect.poll(() => mailsTo(m.email)).toBe(before + 1);
    expect((await post('/api/reactivate.php', { token: tokenFor(m.email) })).statusCode).toBe(200);
  });

  test('answers the same, and mails nobody, for addresses that cannot be reactivated', async () => {
    clock = NOW;
    const active = await createMember(db);
    const expired = await deletedMember();
    const otherSite = await deletedMember({ domain: 'first.test', country: 'DE' });
    clock = new Date(NOW.getTime() + 1000);
    await db
      .update(members)
      .set({ deletedAt: new Date(NOW.getTime() - (REACTIVATION_DAYS + 1) * DAY) })
      .where(eq(members.id, expired.id));
    const count = sent.length;
    const answers = [];
    for (const email of [
      `${active.name}@example.test`,
      expired.email,
      otherSite.email,
      'nobody@example.test',
    ]) {
      const res = await ask(email, '10.9.1.3');
      answers.push([res.statusCode, res.json()]);
    }
    expect(answers).toEqual(answers.map(() => [200, { sent: true }]));
    await new Promise((r) => setTimeout(r, 100));
    expect(sent.length).toBe(count);
    clock = NOW;
  });

  test('is refused without the CSRF header and mails nobody', async () => {
    clock = NOW;
    const m = await deletedMember();
    const before = mailsTo(m.email);
    const res = await post('/api/reactivation-mail.php', { email: m.email }, { ip: '10.9.1.5', csrf: false });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('csrf');
    await new Promise((r) => setTimeout(r, 100));
    expect(mailsTo(m.email)).toBe(before);
  });

  test('an invalid address is 400; too many requests from one address are 429', async () => {
    clock = NOW;
    expect((await ask('not an address', '10.9.1.4')).statusCode).toBe(400);
    for (let i = 0; i < 10; i++) expect((await ask(`x${i}@example.test`, '10.9.1.4')).statusCode).toBe(200);
    const res = await ask('y@example.test', '10.9.1.4');
    expect(res.statusCode).toBe(429);
    expect(res.json().retry_after).toBeGreaterThan(0);
  });
});
