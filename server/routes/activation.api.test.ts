import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { AUTH_COOKIE } from '../../common/constants';
import { members } from '../db/schema';
import { headers, type MailTestApp, mailTestApp, memberRow, signedUpMember } from '../infra/mail/testing/app';
import { linkIn } from '../infra/mail/testing/inbox';
import { sendActivationMail } from '../services/accounts/account-mail';
import { loginCookie } from '../test/app';

const START = new Date('2026-05-01T12:00:00Z');
const HOUR = 3_600_000;
let now = START;
let t: MailTestApp;
beforeAll(async () => {
  t = await mailTestApp({ now: () => now });
});
afterAll(() => t?.close());

/** Signs a member up and delivers their activation mail; gives the link in it. */
async function activationLink(input: Parameters<typeof signedUpMember>[1] = {}) {
  const m = await signedUpMember(t, input);
  await sendActivationMail(t.app.services, m.id);
  const mail = await t.inbox.next(m.email);
  return { m, mail, link: linkIn(mail, '/api/activation.php') };
}

const authCookieOf = (res: { cookies: { name: string; value: string }[] }) =>
  res.cookies.find((c) => c.name === AUTH_COOKIE && c.value !== '') as
    | { name: string; value: string; path?: string; httpOnly?: boolean; sameSite?: string }
    | undefined;

const follow = (link: URL) =>
  t.app.inject({ url: `${link.pathname}${link.search}`, headers: { host: link.hostname } });

describe('the activation mail', () => {
  test('arrives over SMTP in the member language, site-branded, as HTML and text', async () => {
    now = START;
    const { m, mail, link } = await activationLink({ language: 'de', name: 'Lotte' });
    expect(mail.envelopeTo).toEqual([m.email.toLowerCase()]);
    expect(mail.from).toBe('Main <no-reply@main.test>');
    expect(mail.subject).toBe('Bestätige deine E-Mail-Adresse für Main');
    expect(mail.text).toContain('Hallo Lotte,');
    expect(mail.text).toContain('Gültigkeit: 7 Tage.');
    expect(mail.html).toContain('<html lang="de">');
    expect(mail.html).toContain('#c2185b');
    expect(mail.html).toContain(`href="${link.href.replace(/&/g, '&amp;')}"`);
    expect(mail.text).toContain('Testhart B.V.');
    expect(mail.text).toContain('support@main.test');
    expect(link.origin).toBe('http://main.test:8080');
    expect(link.searchParams.get('token')).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  test('links to the host the member signed up or asked on, when it is one of the site’s own', async () => {
    const m = await signedUpMember(t);
    let hour = 0;
    const hostOf = async (host: string) => {
      now = new Date(START.getTime() + hour++ * HOUR);
      await sendActivationMail(t.app.services, m.id, { host });
      return linkIn(await t.inbox.next(m.email), '/api/activation.php').host;
    };
    expect(await hostOf('alias-of-main.test')).toBe('alias-of-main.test:8080');
    expect(await hostOf('WWW.Main.test:8080')).toBe('www.main.test:8080');
    // A Host header the sender made up never gets into a mail: the site's domain instead.
    expect(await hostOf('evil.test')).toBe('main.test:8080');
    expect(await hostOf('first.test')).toBe('main.test:8080');
    now = new Date(START.getTime() + hour * HOUR);
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/activation.php',
      headers: headers(await loginCookie(t.db, m.id, now), 'alias-of-main.test'),
    });
    expect(asked.statusCode).toBe(200);
    expect(linkIn(await t.inbox.next(m.email), '/api/activation.php').host).toBe('alias-of-main.test:8080');
    now = START;
  });

  test('is in Dutch for a Dutch member', async () => {
    const { mail } = await activationLink({ language: 'nl' });
    expect(mail.subject).toBe('Bevestig je e-mailadres voor Main');
    expect(mail.text).toContain('E-mailadres bevestigen:');
  });
});

describe('GET /api/activation.php (the link)', () => {
  test('activates the account once: status active, e-mail confirmed, profile visible', async () => {
    now = START;
    const { m, link } = await activationLink();
    const cookie = await loginCookie(t.db, m.id, now);
    const before = await t.app.inject({ url: '/api/user.php', headers: headers(cookie) });
    expect(before.json().user).toMatchObject({ status: 'not_confirmed', email_confirmed: false });
    expect(before.json().user.profile.status).toBe('disabled');

    const res = await follow(link);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/activate/done');
    const row = await memberRow(t, m.id);
    expect(row.status).toBe('active');
    expect(row.emailConfirmedAt?.toISOString()).toBe(now.toISOString());
    expect(row.profileStatus).toBe('active');
    const after = await t.app.inject({ url: '/api/user.php', headers: headers(cookie) });
    expect(after.json().user).toMatchObject({ status: 'active', email_confirmed: true });

    // Followed again, the link says the address is confirmed already, and logs no one in.
    const again = await follow(link);
    expect(again.headers.location).toBe('/activate/done?already=1');
    expect(authCookieOf(again)).toBeUndefined();
  });

  test('logs the member in on that browser, in their own language', async () => {
    now = START;
    const { m, link } = await activationLink({ language: 'de' });
    const res = await follow(link);
    expect(res.headers.location).toBe('/activate/done');
    const session = authCookieOf(res);
    expect(session?.value).toMatch(/\S{20,}/);
    expect(session).toMatchObject({ path: '/', httpOnly: true, sameSite: 'Lax' });
    expect(res.cookies.find((c) => c.name === 'i18n_locale')).toMatchObject({ value: 'de', path: '/' });
    const me = await t.app.inject({
      url: '/api/user.php',
      headers: headers(`${session?.name}=${session?.value}`),
    });
    expect(me.json().user).toMatchObject({ status: 'active', email_confirmed: true, language: 'de' });
    expect(me.json().user.profile.id).toBe(m.id);
  });

  test('a used link of an account that is not confirmed (or made up) still fails', async () => {
    now = START;
    const { m, link } = await activationLink();
    await follow(link);
    await t.db.update(members).set({ emailConfirmedAt: null }).where(eq(members.id, m.id));
    expect((await follow(link)).headers.location).toBe('/activate/error');
  });

  test('fails after seven days', async () => {
    now = START;
    const { m, link } = await activationLink();
    now = new Date(START.getTime() + 7 * 24 * HOUR + 1000);
    expect((await follow(link)).headers.location).toBe('/activate/error');
    expect((await memberRow(t, m.id)).status).toBe('not_confirmed');
    now = START;
  });

  test('fails for a made-up, malformed or missing token', async () => {
    for (const url of [
      `/api/activation.php?token=${'A'.repeat(43)}`,
      '/api/activation.php?token=abc',
      '/api/activation.php',
    ]) {
      const res = await t.app.inject({ url, headers: { host: 'main.test' } });
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe('/activate/error');
    }
  });

  test('does not activate a deleted account', async () => {
    const { m, link } = await activationLink();
    await t.db.update(members).set({ deletedAt: now }).where(eq(members.id, m.id));
    expect((await follow(link)).headers.location).toBe('/activate/error');
  });

  test('confirms the address of a suspended member without lifting the suspension', async () => {
    const { m, link } = await activationLink();
    await t.db.update(members).set({ status: 'suspended' }).where(eq(members.id, m.id));
    const res = await follow(link);
    expect(res.headers.location).toBe('/activate/done');
    expect(authCookieOf(res)).toBeUndefined();
    const row = await memberRow(t, m.id);
    expect(row.status).toBe('suspended');
    expect(row.emailConfirmedAt).not.toBeNull();
  });
});

describe('POST /api/activation.php (send again)', () => {
  const resend = (cookie?: string) =>
    t.app.inject({ method: 'POST', url: '/api/activation.php', headers: headers(cookie) });

  test('needs a login', async () => {
    const res = await resend();
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('authentication_required');
  });

  test('needs the CSRF header', async () => {
    const m = await signedUpMember(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/activation.php',
      headers: { host: 'main.test', cookie: await loginCookie(t.db, m.id, now) },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('csrf');
  });

  test('sends a new working link, at most three an hour, then says when to try again', async () => {
    now = START;
    const m = await signedUpMember(t, { language: 'nl' });
    const cookie = await loginCookie(t.db, m.id, now);
    for (let i = 0; i < 3; i++) {
      const res = await resend(cookie);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ sent: true });
      await t.inbox.next(m.email);
    }
    const refused = await resend(cookie);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ error: 'too_many_requests', retry_after: 3600 });
    expect(refused.json().message).toBe('Te veel pogingen. Wacht even en probeer het opnieuw.');
    expect(t.inbox.to(m.email)).toHaveLength(3);

    now = new Date(START.getTime() + HOUR);
    const later = await resend(cookie);
    expect(later.statusCode).toBe(200);
    const mail = await t.inbox.next(m.email);
    expect((await follow(linkIn(mail, '/api/activation.php'))).headers.location).toBe('/activate/done');
    now = START;
  });

  test('is refused once the address is confirmed', async () => {
    const m = await signedUpMember(t, { confirmed: true });
    const res = await resend(await loginCookie(t.db, m.id, now));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      error: 'already_confirmed',
      message: 'Je e-mailadres is al bevestigd.',
    });
  });
});
