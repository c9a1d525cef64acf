import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { UNSUBSCRIBE_LINK_DAYS } from '../../common/constants';
import { headers, type MailTestApp, mailTestApp } from '../infra/mail/testing/app';
import { type NotificationMember, notificationHarness } from '../services/notifications/testing';

const clock = { now: new Date('2026-05-01T12:00:00Z') };
let t: MailTestApp;
beforeAll(async () => {
  t = await mailTestApp({ now: () => clock.now });
});
afterAll(() => t?.close());

const h = notificationHarness(() => t, clock);

/** A like mail to a fresh member, and the one-click address its List-Unsubscribe header names. */
async function likeMail() {
  const anna = await h.member();
  const bob = await h.member({ language: 'en' });
  await h.like(anna, bob);
  await h.dispatch();
  const [mail] = await h.mailsTo(bob.email);
  const address = /^<(.+)>$/.exec(mail?.headers['list-unsubscribe'] ?? '')?.[1];
  if (!address) throw new Error('no List-Unsubscribe header');
  const url = new URL(address);
  return { bob, url, token: url.searchParams.get('token') as string };
}

/** What a mail program posts (RFC 8058): no cookie, no client header, a form body. */
const oneClick = (url: URL, contentType = 'application/x-www-form-urlencoded') =>
  t.app.inject({
    method: 'POST',
    url: `${url.pathname}${url.search}`,
    headers: { host: url.host, 'content-type': contentType },
    payload:
      contentType === 'application/x-www-form-urlencoded'
        ? 'List-Unsubscribe=One-Click'
        : '--b\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--b--\r\n',
  });

const emailSettings = async (m: NotificationMember) => {
  const res = await t.app.inject({ url: '/api/notifications.php', headers: headers(m.cookie) });
  const { settings } = res.json().notifications as { settings: Record<string, { email: boolean }> };
  return Object.fromEntries(Object.entries(settings).map(([k, v]) => [k, v.email]));
};

const setLikeMail = (m: NotificationMember, email: boolean) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/notifications.php',
    headers: headers(m.cookie),
    payload: { settings: { like: { email } } },
  });

function expectError(res: { statusCode: number; body: string }, status: number, code: string) {
  expect(res.statusCode, res.body).toBe(status);
  const body = JSON.parse(res.body);
  expect(body.error).toBe(code);
  expect(body.message.length).toBeGreaterThan(0);
}

describe('POST /api/unsubscribe.php', () => {
  test('the one-click post of a mail program turns only that kind off; a replay is refused and changes nothing', async () => {
    const { bob, url } = await likeMail();
    const res = await oneClick(url);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ unsubscribed: { kind: 'like' } });
    expect(await emailSettings(bob)).toEqual({
      new_conversations: true,
      new_messages: true,
      like: false,
      unread_message_reminders: true,
      promotions: true,
      weekly_updates: true,
      news: true,
      reminders: true,
    });

    // Bob turns likes back on; the same link posted again must not turn them off a second time.
    expect((await setLikeMail(bob, true)).statusCode).toBe(200);
    expectError(await oneClick(url), 410, 'link_used');
    expect((await emailSettings(bob)).like).toBe(true);
  });

  test('a multipart one-click post works too (RFC 8058 allows it)', async () => {
    const { bob, url } = await likeMail();
    const res = await oneClick(url, 'multipart/form-data; boundary=b');
    expect(res.statusCode, res.body).toBe(200);
    expect((await emailSettings(bob)).like).toBe(false);
  });

  test('the screen of the mail’s footer link posts the token as JSON', async () => {
    const { bob, token } = await likeMail();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/unsubscribe.php',
      headers: headers(),
      payload: { token },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ unsubscribed: { kind: 'like' } });
    expect((await emailSettings(bob)).like).toBe(false);
  });

  test('a link scanner’s GET changes nothing', async () => {
    const { bob, url } = await likeMail();
    const res = await t.app.inject({ url: `${url.pathname}${url.search}`, headers: { host: url.host } });
    expect(res.statusCode).toBe(404);
    expect((await emailSettings(bob)).like).toBe(true);
    expect((await oneClick(url)).statusCode).toBe(200);
  });

  test('a forged token is 400, a malformed or missing one 400, and nothing changes', async () => {
    const { bob, url } = await likeMail();
    const forged = new URL(url);
    forged.searchParams.set('token', 'A'.repeat(43));
    expectError(await oneClick(forged), 400, 'link_invalid');
    const malformed = new URL(url);
    malformed.searchParams.set('token', 'not a token');
    expectError(await oneClick(malformed), 400, 'invalid_input');
    expectError(
      await t.app.inject({ method: 'POST', url: '/api/unsubscribe.php', headers: headers(), payload: {} }),
      400,
      'invalid_input',
    );
    expect((await emailSettings(bob)).like).toBe(true);
  });

  test(`a link older than ${UNSUBSCRIBE_LINK_DAYS} days is 410 and changes nothing`, async () => {
    const { bob, url } = await likeMail();
    const before = clock.now;
    clock.now = new Date(before.getTime() + (UNSUBSCRIBE_LINK_DAYS + 1) * 86_400_000);
    try {
      expectError(await oneClick(url), 410, 'link_expired');
    } finally {
      clock.now = before;
    }
    expect((await emailSettings(bob)).like).toBe(true);
  });
});
