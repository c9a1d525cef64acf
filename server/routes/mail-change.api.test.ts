import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { members } from '../db/schema';
import {
  headers,
  type MailTestApp,
  mailTestApp,
  memberRow,
  PASSWORD,
  signedUpMember,
} from '../infra/mail/testing/app';
import { linkIn } from '../infra/mail/testing/inbox';
import { loginCookie } from '../test/app';

const START = new Date('2026-05-01T12:00:00Z');
const HOUR = 3_600_000;
let now = START;
let t: MailTestApp;
beforeAll(async () => {
  t = await mailTestApp({ now: () => now });
});
afterAll(() => t?.close());

const TAKEN = 'Dit e-mailadres heeft al een account op deze site.';

const ask = (cookie: string | undefined, email: string, password = PASSWORD) =>
  t.app.inject({
    method: 'POST',
    url: '/api/mail-change.php',
    headers: headers(cookie),
    payload: { email, password },
  });
const confirm = (token: string) =>
  t.app.inject({ method: 'PUT', url: '/api/mail-change.php', headers: headers(), payload: { token } });

async function loggedIn(input: Parameters<typeof signedUpMember>[1] = {}) {
  const m = await signedUpMember(t, { confirmed: true, ...input });
  return { ...m, cookie: await loginCookie(t.db, m.id, now) };
}

/** Asks for the change and gives the token of the mail that reaches the new address. */
async function changeToken(cookie: string, email: string) {
  const res = await ask(cookie, email);
  expect(res.statusCode).toBe(200);
  expect(res.json()).toEqual({ sent: true });
  const mail = await t.inbox.next(email);
  return { mail, token: linkIn(mail, '/mail-change/do').searchParams.get('token') as string };
}

describe('POST /api/mail-change.php', () => {
  test('mails a link to the new address only; the address does not change yet', async () => {
    const m = await loggedIn({ language: 'en', name: 'Robin' });
    const { mail } = await changeToken(m.cookie, 'robin.new@example.test');
    expect(mail.envelopeTo).toEqual(['robin.new@example.test']);
    expect(mail.subject).toBe('Confirm your new e-mail address for Main');
    expect(mail.text).toContain('to robin.new@example.test');
    expect(t.inbox.to(m.email)).toEqual([]);
    expect((await memberRow(t, m.id)).email).toBe(m.email);
  });

  test('needs a login and the CSRF header', async () => {
    expect((await ask(undefined, 'x@example.test')).statusCode).toBe(403);
    const m = await loggedIn();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/mail-change.php',
      headers: { host: 'main.test', cookie: m.cookie },
      payload: { email: 'x@example.test', password: PASSWORD },
    });
    expect(res.json().error).toBe('csrf');
  });

  test('needs the password', async () => {
    const m = await loggedIn();
    const res = await ask(m.cookie, 'someone.else@example.test', 'Verkeerd-wachtwoord-3');
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('wrong_password');
    expect(t.inbox.to('someone.else@example.test')).toEqual([]);
  });

  test(`refuses an address of another account, in any case, and its own: '${TAKEN}'`, async () => {
    const holder = await signedUpMember(t, { email: 'Holder@Example.test' });
    const m = await loggedIn();
    for (const email of ['holder@example.test', 'HOLDER@example.TEST', m.email]) {
      const res = await ask(m.cookie, email);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ error: 'email_taken', message: TAKEN });
    }
    expect(holder.id).toBeGreaterThan(0);
  });

  test('the address of a deleted account that can still come back is taken too', async () => {
    const gone = await signedUpMember(t, { email: 'gone@example.test' });
    await t.db.update(members).set({ deletedAt: now }).where(eq(members.id, gone.id));
    const m = await loggedIn();
    expect((await ask(m.cookie, 'gone@example.test')).statusCode).toBe(409);
  });

  test('an address used on another site is free here', async () => {
    await signedUpMember(t, { domain: 'first.test', country: 'DE', email: 'elsewhere@example.test' });
    const m = await loggedIn();
    await changeToken(m.cookie, 'elsewhere@example.test');
  });

  test(`an invalid address gets the field message '${TAKEN}'`, async () => {
    const m = await loggedIn();
    const res = await ask(m.cookie, 'not-an-address');
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ email: TAKEN });
  });

  test('five mails a day, then 429', async () => {
    now = START;
    const m = await loggedIn();
    for (let i = 0; i < 5; i++) await changeToken(m.cookie, `five${i}-${m.id}@example.test`);
    const res = await ask(m.cookie, `six-${m.id}@example.test`);
    expect(res.statusCode).toBe(429);
    expect(res.json().error).toBe('too_many_requests');
  });
});

describe('PUT /api/mail-change.php (the link)', () => {
  test('makes the new address the account one, confirms it, tells the old address, works once', async () => {
    now = START;
    const m = await loggedIn({ language: 'nl' });
    const { token } = await changeToken(m.cookie, 'Verhuisd@Example.test');
    const res = await confirm(token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ changed: true });
    expect((await memberRow(t, m.id)).email).toBe('Verhuisd@Example.test');

    const notice = await t.inbox.next(m.email);
    expect(notice.subject).toBe('Het e-mailadres van je account op Main is gewijzigd');
    expect(notice.text).toContain('V•••@Example.test');
    expect(notice.text).not.toContain('Verhuisd@');
    expect(notice.text).toContain('support@main.test');

    const again = await confirm(token);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({
      error: 'link_invalid',
      message: 'Link verlopen of invalid, vraag een nieuwe e-mail aan',
    });
  });

  test('confirming activates an account that was not confirmed yet', async () => {
    const m = await signedUpMember(t);
    const { token } = await changeToken(await loginCookie(t.db, m.id, now), `fixed-${m.id}@example.test`);
    expect((await confirm(token)).statusCode).toBe(200);
    const row = await memberRow(t, m.id);
    expect(row.status).toBe('active');
    expect(row.emailConfirmedAt).not.toBeNull();
    expect(row.profileStatus).toBe('active');
  });

  test('is refused when someone took the address in the meantime; the link keeps working', async () => {
    const m = await loggedIn();
    const address = `contested-${m.id}@example.test`;
    const { token } = await changeToken(m.cookie, address);
    const rival = await signedUpMember(t, { email: address });
    const res = await confirm(token);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(TAKEN);
    expect((await memberRow(t, m.id)).email).toBe(m.email);

    await t.db
      .update(members)
      .set({ email: `moved-${rival.id}@example.test` })
      .where(eq(members.id, rival.id));
    expect((await confirm(token)).statusCode).toBe(200);
  });

  test('expires after a day', async () => {
    now = START;
    const m = await loggedIn();
    const { token } = await changeToken(m.cookie, `late-${m.id}@example.test`);
    now = new Date(START.getTime() + 24 * HOUR + 1000);
    expect((await confirm(token)).json().error).toBe('link_invalid');
    now = START;
  });

  test('a made-up or malformed token is an invalid link', async () => {
    expect((await confirm('B'.repeat(43))).json().error).toBe('link_invalid');
    expect((await confirm('nope')).statusCode).toBe(400);
  });
});
