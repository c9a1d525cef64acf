import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { members, notificationBatches } from '../../db/schema';
import { headers, type MailTestApp, mailTestApp } from '../../infra/mail/testing/app';
import { linkIn } from '../../infra/mail/testing/inbox';
import { dispatchDueNotifications } from './dispatch';
import { type NotificationMember, notificationHarness } from './testing';

const clock = { now: new Date('2026-05-01T12:00:00Z') };
let t: MailTestApp;
beforeAll(async () => {
  t = await mailTestApp({ now: () => clock.now });
});
afterAll(() => t?.close());

const h = notificationHarness(() => t, clock);
let seq = 0;
const named = (name: string, input: Parameters<typeof h.member>[0] = {}) =>
  h.member({ name: `${name}${++seq}`, language: 'en', ...input });

/** A chat between the two that the receiver has read and left: the next messages are news. */
async function readChat(from: NotificationMember, to: NotificationMember) {
  const { message } = await h.send(from, to);
  await h.dispatch();
  await h.mailsTo(to.email);
  await h.read(to, message);
  await h.hide(to);
}

describe('events become one mail per member, kind and batch window', () => {
  test('a first message is a mail about a new chat, in the member’s language, with one-click unsubscribe', async () => {
    const anna = await named('Anna');
    const bob = await named('Bob', { language: 'de' });
    const { message } = await h.send(anna, bob);
    expect(await h.mailsTo(bob.email)).toEqual([]);

    const result = await h.dispatch();
    expect(result.sent).toBe(1);
    const [mail, ...more] = await h.mailsTo(bob.email);
    expect(more).toEqual([]);
    expect(mail?.subject).toBe(`${anna.name} hat einen Chat mit dir begonnen`);
    expect(mail?.text).toContain(`Hallo ${bob.name},`);
    expect(linkIn(mail as { text: string }, '/chats/').pathname).toBe(`/chats/${message.conversation_id}`);

    // RFC 8058: the address mail programs post to, and the screen the footer link opens, one token.
    const header = mail?.headers['list-unsubscribe'] ?? '';
    const oneClick = new URL(/^<(.+)>$/.exec(header)?.[1] ?? 'http://invalid');
    expect(oneClick.pathname).toBe('/api/unsubscribe.php');
    expect(oneClick.host).toMatch(/^main\.test:\d+$/);
    expect(mail?.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    const token = oneClick.searchParams.get('token') as string;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(linkIn(mail as { text: string }, '/unsubscribe/').pathname).toBe(`/unsubscribe/${token}`);
    expect(mail?.html).toContain(`/unsubscribe/${token}`);
    expect(mail?.text).toContain('„Neue Gespräche“');
  });

  test('a burst of 5 messages in a chat is one mail, and the worker sends it once', async () => {
    const anna = await named('Anna');
    const bob = await named('Bob');
    await readChat(anna, bob);
    for (let i = 0; i < 5; i++) await h.send(anna, bob);

    await h.dispatch();
    const mails = await h.mailsTo(bob.email);
    expect(mails.map((m) => m.subject)).toEqual([`5 new messages from ${anna.name}`]);
    expect(mails[0]?.text).toContain(`5 new messages from ${anna.name} are waiting for you on Main.`);

    expect((await h.dispatch()).sent).toBe(0);
    expect(await h.mailsTo(bob.email)).toEqual([]);
  });

  test('a chat that starts with a burst is one mail about the new chat, none about its messages', async () => {
    const anna = await named('Anna');
    const carl = await named('Carl');
    for (let i = 0; i < 4; i++) await h.send(anna, carl);

    await h.dispatch();
    await h.dispatch();
    const mails = await h.mailsTo(carl.email);
    expect(mails.map((m) => m.subject)).toEqual([`${anna.name} started a chat with you`]);
    const left = await t.db
      .select()
      .from(notificationBatches)
      .where(eq(notificationBatches.memberId, carl.id));
    expect(left).toEqual([]);
  });

  test('messages from two members: "3 new messages from Dave and 1 other", the newest writer named', async () => {
    const anna = await named('Anna');
    const dave = await named('Dave');
    const eve = await named('Eve');
    await readChat(anna, eve);
    await readChat(dave, eve);
    await h.send(anna, eve);
    await h.send(anna, eve);
    await h.send(dave, eve);

    await h.dispatch();
    const mails = await h.mailsTo(eve.email);
    expect(mails.map((m) => m.subject)).toEqual([`3 new messages from ${dave.name} and 1 other`]);
    expect(linkIn(mails[0] as { text: string }, '/chats').pathname).toBe('/chats');
  });

  test('messages read before the batch is due are no news: no mail', async () => {
    const anna = await named('Anna');
    const bob = await named('Bob');
    await readChat(anna, bob);
    const { message } = await h.send(anna, bob);
    await h.read(bob, message);
    await h.hide(bob);

    expect((await h.dispatch()).sent).toBe(0);
    expect(await h.mailsTo(bob.email)).toEqual([]);
  });

  test('likes: one mail for the likes of a window; a repeated like is no new like', async () => {
    const anna = await named('Anna');
    const carl = await named('Carl');
    const bob = await named('Bob');
    await h.like(anna, bob);
    await h.like(carl, bob);

    await h.dispatch();
    const mails = await h.mailsTo(bob.email);
    expect(mails.map((m) => m.subject)).toEqual([`${carl.name} and 1 other like you`]);
    expect(linkIn(mails[0] as { text: string }, '/likes').pathname).toBe('/likes');

    await h.like(anna, bob);
    await h.dispatch();
    expect(await h.mailsTo(bob.email)).toEqual([]);
  });
});

describe('a like in the swipe game', () => {
  test('is a like like any other: one mail', async () => {
    const anna = await named('Anna');
    const bob = await named('Bob');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/swipe-game.php',
      headers: headers(anna.cookie),
      payload: { member_id: bob.id, liked: true },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).not.toHaveProperty('likedAt');
    await h.dispatch();
    expect((await h.mailsTo(bob.email)).map((m) => m.subject)).toEqual([`${anna.name} likes you`]);
  });
});

describe('no mail', () => {
  test('when the member turned that kind off; the other kinds still come', async () => {
    const anna = await named('Anna');
    const bob = await named('Bob');
    await readChat(anna, bob);
    const off = await t.app.inject({
      method: 'PUT',
      url: '/api/notifications.php',
      headers: headers(bob.cookie),
      payload: { settings: { new_messages: { email: false } } },
    });
    expect(off.statusCode).toBe(200);
    await h.hide(bob);

    for (let i = 0; i < 3; i++) await h.send(anna, bob);
    await h.like(anna, bob);
    await h.dispatch();
    expect((await h.mailsTo(bob.email)).map((m) => m.subject)).toEqual([`${anna.name} likes you`]);
  });

  test('while the member is present; after the page-hidden beacon the next burst is mailed', async () => {
    const anna = await named('Anna');
    const bob = await named('Bob');
    await readChat(anna, bob);
    // Bob's page is visible: his requests keep him active.
    const seen = () => t.app.inject({ url: '/api/user.php', headers: headers(bob.cookie) });
    await seen();
    await h.send(anna, bob);
    await t.app.services.notifications.flush();
    clock.now = new Date(clock.now.getTime() + 4 * 60_000);
    await seen();
    expect((await h.dispatch()).sent).toBe(0);
    expect(await h.mailsTo(bob.email)).toEqual([]);

    await h.hide(bob);
    await h.send(anna, bob);
    await h.dispatch();
    expect((await h.mailsTo(bob.email)).map((m) => m.subject)).toEqual([`2 new messages from ${anna.name}`]);
  });

  test('when e-mail is off (bounce, spam, unsubscribe), the address is not confirmed or the account is deleted', async () => {
    const anna = await named('Anna', { paid: true });
    const bounced = await named('Bounced');
    const unconfirmed = await named('Unconfirmed');
    const deleted = await named('Deleted');
    await t.db
      .update(members)
      .set({ notificationsDisabled: ['bounce'] })
      .where(eq(members.id, bounced.id));
    // An address never confirmed (an account from before activation, or an e-mail change pending).
    await t.db.update(members).set({ emailConfirmedAt: null }).where(eq(members.id, unconfirmed.id));
    await h.send(anna, unconfirmed);
    await h.like(anna, unconfirmed);
    await h.send(anna, bounced);
    await h.send(anna, deleted);
    await t.db
      .update(members)
      .set({ status: 'deleted', deletedAt: clock.now })
      .where(eq(members.id, deleted.id));

    await h.dispatch();
    for (const m of [bounced, unconfirmed, deleted]) expect(await h.mailsTo(m.email)).toEqual([]);
    const left = await t.db
      .select()
      .from(notificationBatches)
      .where(eq(notificationBatches.memberId, deleted.id));
    expect(left).toEqual([]);
  });
});

describe('a mail that fails', () => {
  test('goes back to the outbox and is sent on a later run', async () => {
    const anna = await named('Anna');
    const bob = await named('Bob');
    await h.like(anna, bob);
    await t.app.services.notifications.flush();
    clock.now = new Date(clock.now.getTime() + 6 * 60_000);

    const mailer = t.app.services.mailer;
    const send = mailer.send;
    const errors: object[] = [];
    mailer.send = async () => {
      throw new Error('SMTP is down');
    };
    try {
      const result = await dispatchDueNotifications(t.app.services, { error: (o) => errors.push(o) });
      expect(result.sent).toBe(0);
    } finally {
      mailer.send = send;
    }
    expect(errors).toHaveLength(1);
    expect(await h.mailsTo(bob.email)).toEqual([]);

    clock.now = new Date(clock.now.getTime() + 2 * 60_000);
    expect((await dispatchDueNotifications(t.app.services, h.log)).sent).toBe(1);
    expect((await h.mailsTo(bob.email)).map((m) => m.subject)).toEqual([`${anna.name} likes you`]);
  });
});
