import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { AUTH_COOKIE } from '../../common/constants';
import { members, sessions } from '../db/schema';
import {
  headers,
  type MailTestApp,
  mailTestApp,
  memberRow,
  PASSWORD,
  signedUpMember,
} from '../infra/mail/testing/app';
import { linkIn } from '../infra/mail/testing/inbox';
import { createToken } from '../infra/tokens';
import { verifyPassword } from '../services/accounts/passwords';
import { loginCookie } from '../test/app';

const START = new Date('2026-05-01T12:00:00Z');
const HOUR = 3_600_000;
let now = START;
let t: MailTestApp;
beforeAll(async () => {
  t = await mailTestApp({ now: () => now });
});
afterAll(() => t?.close());

const NEW_PASSWORD = 'Fietsbel-op-de-Dam-42';

const requestReset = (email: string, ip = '203.0.113.1', host = 'main.test') =>
  t.app.inject({
    method: 'POST',
    url: '/api/password-reset.php',
    headers: headers(undefined, host),
    remoteAddress: ip,
    payload: { email },
  });
const checkLink = (token: string) =>
  t.app.inject({ url: `/api/password-reset.php?token=${token}`, headers: headers() });
const performReset = (token: string, password = NEW_PASSWORD, password_repeat = password) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/password-reset.php',
    headers: headers(),
    payload: { token, password, password_repeat },
  });

/** Asks for a reset of the member's account and gives the token of the mail that arrives. */
async function resetToken(email: string, ip?: string) {
  const res = await requestReset(email, ip);
  expect(res.statusCode).toBe(200);
  const mail = await t.inbox.next(email);
  const link = linkIn(mail, '/reset-password/do');
  return { mail, link, token: link.searchParams.get('token') as string };
}

describe('POST /api/password-reset.php (ask for a link)', () => {
  test('mails a link to /reset-password/do in the member language', async () => {
    const m = await signedUpMember(t, { confirmed: true, language: 'fr', name: 'Camille' });
    const { mail, link } = await resetToken(m.email.toUpperCase());
    expect(mail.subject).toBe('Choisissez un nouveau mot de passe pour Main');
    expect(mail.text).toContain('Bonjour Camille,');
    expect(mail.text).toMatch(/Validité : 1\sheure\./);
    expect(mail.html).toContain('Choisir un nouveau mot de passe');
    expect(link.origin + link.pathname).toBe('http://main.test:8080/reset-password/do');
  });

  test("says so when no account has the address ('e-mail not found')", async () => {
    const res = await requestReset('nobody-here@example.test');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({
      error: 'email_not_found',
      message: 'Er is geen account met dit e-mailadres gevonden.',
    });
  });

  test('does not find an account of another site, or a deleted one', async () => {
    const other = await signedUpMember(t, { domain: 'first.test', country: 'DE', confirmed: true });
    expect((await requestReset(other.email)).statusCode).toBe(404);
    const gone = await signedUpMember(t, { confirmed: true });
    await t.db.update(members).set({ deletedAt: now }).where(eq(members.id, gone.id));
    expect((await requestReset(gone.email)).statusCode).toBe(404);
  });

  test('refuses an invalid address with the field message', async () => {
    const res = await requestReset('not an address');
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ email: 'Ongeldige e-mail' });
  });

  test("sends three a day per account, then 429 'probeer het morgen nog eens'", async () => {
    now = START;
    const m = await signedUpMember(t, { confirmed: true });
    for (let i = 0; i < 3; i++) await resetToken(m.email, '203.0.113.50');
    const res = await requestReset(m.email, '203.0.113.51');
    expect(res.statusCode).toBe(429);
    expect(res.json().error).toBe('reset_limit');
    expect(res.json().message).toContain('probeer het morgen nog eens');
    expect(res.json().retry_after).toBeGreaterThan(0);
    expect(t.inbox.to(m.email)).toHaveLength(3);
    now = new Date(START.getTime() + 24 * HOUR);
    expect((await requestReset(m.email, '203.0.113.52')).statusCode).toBe(200);
    await t.inbox.next(m.email);
    now = START;
  });

  test('limits asking per address, found or not, so addresses cannot be tried in bulk', async () => {
    now = START;
    const ip = '198.51.100.7';
    for (let i = 0; i < 10; i++)
      expect((await requestReset(`probe${i}@example.test`, ip)).statusCode).toBe(404);
    const res = await requestReset('probe-last@example.test', ip);
    expect(res.statusCode).toBe(429);
    expect(res.json().error).toBe('too_many_requests');
  });
});

describe('the reset link', () => {
  test('sets the new password once, ends every session and confirms the address', async () => {
    now = START;
    const m = await signedUpMember(t);
    const cookie = await loginCookie(t.db, m.id, now);
    await loginCookie(t.db, m.id, now);
    const { token } = await resetToken(m.email);

    expect((await checkLink(token)).json()).toEqual({ valid: true });
    const res = await performReset(token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ reset: true });
    expect(res.headers['set-cookie']).toMatch(new RegExp(`^${AUTH_COOKIE}=;`));

    const row = await memberRow(t, m.id);
    expect(await verifyPassword(NEW_PASSWORD, row.passwordHash)).toBe(true);
    expect(await verifyPassword(PASSWORD, row.passwordHash)).toBe(false);
    expect(row.status).toBe('active');
    expect(await t.db.select().from(sessions).where(eq(sessions.memberId, m.id))).toEqual([]);
    const user = await t.app.inject({ url: '/api/user.php', headers: headers(cookie) });
    expect(user.json().user).toBeNull();

    const again = await performReset(token, 'Nog-een-ander-wachtwoord-9');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({
      error: 'link_invalid',
      message: 'Link verlopen of invalid, vraag een nieuwe e-mail aan',
    });
    expect((await checkLink(token)).statusCode).toBe(400);
  });

  test('expires after an hour', async () => {
    now = START;
    const m = await signedUpMember(t, { confirmed: true });
    const { token } = await resetToken(m.email);
    now = new Date(START.getTime() + HOUR + 1000);
    expect((await checkLink(token)).json().error).toBe('link_invalid');
    expect((await performReset(token)).json().error).toBe('link_invalid');
    now = START;
  });

  test('an older link stops working once a newer one has been used', async () => {
    now = START;
    const m = await signedUpMember(t, { confirmed: true });
    const first = await resetToken(m.email);
    const second = await resetToken(m.email);
    expect((await performReset(second.token)).statusCode).toBe(200);
    expect((await performReset(first.token)).json().error).toBe('link_invalid');
  });

  test("refuses two different passwords: 'De opgegeven wachtwoorden zijn niet gelijk.', the link stays usable", async () => {
    const m = await signedUpMember(t, { confirmed: true });
    const { token } = await resetToken(m.email);
    const res = await performReset(token, NEW_PASSWORD, `${NEW_PASSWORD}x`);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ password_repeat: 'De opgegeven wachtwoorden zijn niet gelijk.' });
    expect((await checkLink(token)).statusCode).toBe(200);
  });

  test('refuses a short or a common password', async () => {
    const m = await signedUpMember(t, { confirmed: true });
    const { token } = await resetToken(m.email);
    expect((await performReset(token, 'kort')).json().fields.password).toBe(
      'Kies een wachtwoord van 8 tot 128 tekens.',
    );
    expect((await performReset(token, 'wachtwoord123')).json().fields.password).toMatch(
      /^Dit wachtwoord wordt te vaak gebruikt/,
    );
    expect((await performReset(token, 'x'.repeat(129))).statusCode).toBe(400);
  });

  test('a made-up token is an invalid link', async () => {
    expect((await checkLink('A'.repeat(43))).json().error).toBe('link_invalid');
    expect((await performReset('A'.repeat(43))).json().error).toBe('link_invalid');
    expect((await checkLink('short')).statusCode).toBe(400);
  });
});

describe('PUT /api/password.php (change while logged in)', () => {
  const change = (cookie: string | undefined, body: Record<string, string>) =>
    t.app.inject({ method: 'PUT', url: '/api/password.php', headers: headers(cookie), payload: body });

  test('needs a login', async () => {
    const res = await change(undefined, {
      old_password: PASSWORD,
      password: NEW_PASSWORD,
      password_repeat: NEW_PASSWORD,
    });
    expect(res.statusCode).toBe(403);
  });

  test('needs the right old password', async () => {
    const m = await signedUpMember(t, { confirmed: true });
    const cookie = await loginCookie(t.db, m.id, now);
    const res = await change(cookie, {
      old_password: 'Niet-het-goede-1',
      password: NEW_PASSWORD,
      password_repeat: NEW_PASSWORD,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: 'wrong_password',
      message: 'Het huidige wachtwoord is niet juist.',
    });
    expect(await verifyPassword(PASSWORD, (await memberRow(t, m.id)).passwordHash)).toBe(true);
  });

  test("needs the two new ones equal: 'De opgegeven wachtwoorden zijn niet gelijk.'", async () => {
    const m = await signedUpMember(t, { confirmed: true });
    const res = await change(await loginCookie(t.db, m.id, now), {
      old_password: PASSWORD,
      password: NEW_PASSWORD,
      password_repeat: 'Iets-heel-anders-77',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.password_repeat).toBe('De opgegeven wachtwoorden zijn niet gelijk.');
  });

  test('changes it, ends the other sessions and keeps this browser logged in with a new session', async () => {
    const m = await signedUpMember(t, { confirmed: true });
    const mine = await loginCookie(t.db, m.id, now);
    const other = await loginCookie(t.db, m.id, now);
    const res = await change(mine, {
      old_password: PASSWORD,
      password: NEW_PASSWORD,
      password_repeat: NEW_PASSWORD,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ changed: true });
    expect(await verifyPassword(NEW_PASSWORD, (await memberRow(t, m.id)).passwordHash)).toBe(true);

    const fresh = String(res.headers['set-cookie']).split(';')[0] as string;
    expect(fresh).toMatch(new RegExp(`^${AUTH_COOKIE}=.{20,}`));
    expect(res.headers['set-cookie']).toMatch(/HttpOnly/i);
    for (const old of [mine, other]) {
      const u = await t.app.inject({ url: '/api/user.php', headers: headers(old) });
      expect(u.json().user).toBeNull();
    }
    const u = await t.app.inject({ url: '/api/user.php', headers: headers(fresh) });
    expect(u.json().user).not.toBeNull();
  });

  test('allows ten tries an hour', async () => {
    now = START;
    const m = await signedUpMember(t, { confirmed: true });
    const cookie = await loginCookie(t.db, m.id, now);
    const wrong = {
      old_password: 'Fout-wachtwoord-1',
      password: NEW_PASSWORD,
      password_repeat: NEW_PASSWORD,
    };
    for (let i = 0; i < 10; i++) expect((await change(cookie, wrong)).statusCode).toBe(400);
    const res = await change(cookie, { ...wrong, old_password: PASSWORD });
    expect(res.statusCode).toBe(429);
    expect(res.json().retry_after).toBeGreaterThan(0);
  });
});

describe('the auth cookie behind a TLS-terminating proxy that sends no X-Forwarded-Proto', () => {
  let secure: MailTestApp;
  beforeAll(async () => {
    secure = await mailTestApp({ now: () => now, configure: (c) => ({ ...c, trustProxy: true }) });
  });
  afterAll(() => secure?.close());

  const authCookie = (res: { cookies: { name: string; value: string; secure?: boolean }[] }) =>
    res.cookies.find((c) => c.name === AUTH_COOKIE);

  test('a password change sets a Secure cookie, as login does', async () => {
    const m = await signedUpMember(secure, { confirmed: true });
    const res = await secure.app.inject({
      method: 'PUT',
      url: '/api/password.php',
      headers: headers(await loginCookie(secure.db, m.id, now)),
      payload: { old_password: PASSWORD, password: NEW_PASSWORD, password_repeat: NEW_PASSWORD },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(authCookie(res)).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Lax', path: '/' });
  });

  test('a reset clears the cookie with the attributes it was set with', async () => {
    const m = await signedUpMember(secure, { confirmed: true });
    const token = await createToken(secure.db, {
      memberId: m.id,
      kind: 'password_reset',
      expiresAt: new Date(now.getTime() + HOUR),
    });
    const res = await secure.app.inject({
      method: 'PUT',
      url: '/api/password-reset.php',
      headers: headers(await loginCookie(secure.db, m.id, now)),
      payload: { token, password: NEW_PASSWORD, password_repeat: NEW_PASSWORD },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(authCookie(res)).toMatchObject({
      value: '',
      secure: true,
      httpOnly: true,
      sameSite: 'Lax',
      path: '/',
    });
  });
});
