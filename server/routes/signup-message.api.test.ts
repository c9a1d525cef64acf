import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { conversationMembers, creditLedger, members, messages, signupMessages } from '../db/schema';
import { headers, type MailTestApp, mailTestApp } from '../infra/mail/testing/app';
import { linkIn } from '../infra/mail/testing/inbox';
import { createMember, loginCookie } from '../test/app';

/**
 * The first message a visitor writes on a member landing: it travels with the signup, waits for
 * the activation and is then sent to that member as the first message of their chat, charged as
 * a first message is; a member who cannot pay then finds it as the draft of that chat.
 */

const NOW = new Date('2026-05-01T12:00:00Z');
let t: MailTestApp;
beforeAll(async () => {
  t = await mailTestApp({ now: () => NOW });
});
afterAll(() => t?.close());

const TEXT = 'Hoi Juna, wat een leuk profiel! Zin om te kletsen?';

async function signUp(recipientId: number, extra: object = {}) {
  const email = `landing-msg-${Math.random().toString(36).slice(2)}@example.test`;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/signup.php',
    headers: headers(),
    payload: {
      email,
      name: 'Bas',
      password: 'Kaasmarkt-in-Alkmaar-12',
      date_of_birth: '1988-09-21',
      gender: 'male',
      seeking_gender: 'female',
      signup_message: `  ${TEXT}  `,
      signup_member: recipientId,
      tracking: { landing: `/members/${recipientId}/landing` },
      ...extra,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  const [account] = await t.db.select().from(members).where(eq(members.email, email));
  return { id: account?.id as number, email };
}

async function activate(email: string) {
  const link = linkIn(await t.inbox.next(email), '/api/activation.php');
  const res = await t.app.inject({ url: `${link.pathname}${link.search}`, headers: { host: link.hostname } });
  expect(res.headers.location).toBe('/activate/done');
}

const chatWith = async (memberId: number, otherId: number) =>
  (
    await t.app.inject({
      url: `/api/chat.php?member_id=${otherId}`,
      headers: headers(await loginCookie(t.db, memberId, NOW)),
    })
  ).json().chat;

describe('a signup with a first message to the landing’s member', () => {
  test('is kept until activation, then sent as the first message of the chat and charged as one', async () => {
    const juna = await createMember(t.db, { name: 'Juna', photo: {} });
    const bas = await signUp(juna.id);
    const [kept] = await t.db.select().from(signupMessages).where(eq(signupMessages.memberId, bas.id));
    expect(kept).toMatchObject({ recipientId: juna.id, body: TEXT });
    // Nothing is sent before the address is confirmed.
    expect(await t.db.select().from(messages).where(eq(messages.senderId, bas.id))).toEqual([]);
    const [before] = await t.db.select().from(members).where(eq(members.id, bas.id));

    await activate(bas.email);
    const sent = await t.db.select().from(messages).where(eq(messages.senderId, bas.id));
    expect(sent).toEqual([expect.objectContaining({ kind: 'text', body: TEXT })]);
    // Juna has it, in a chat with Bas.
    const [side] = await t.db
      .select()
      .from(conversationMembers)
      .where(and(eq(conversationMembers.memberId, juna.id), eq(conversationMembers.otherMemberId, bas.id)));
    expect(side?.conversationId).toBe(sent[0]?.conversationId);
    expect(side?.unreadCount).toBe(1);
    // Charged the site's price of a message, through the ledger.
    const site = await t.app.services.sites.byId(before?.siteId as number);
    const price = site?.settings.message_credits as number;
    const [after] = await t.db.select().from(members).where(eq(members.id, bas.id));
    expect(after?.credits).toBe((before?.credits as number) - price);
    const spent = await t.db
      .select()
      .from(creditLedger)
      .where(and(eq(creditLedger.memberId, bas.id), eq(creditLedger.reason, 'message')));
    expect(spent.map((e) => e.delta)).toEqual([-price]);
    expect(await t.db.select().from(signupMessages).where(eq(signupMessages.memberId, bas.id))).toEqual([]);
    expect((await chatWith(bas.id, juna.id)).draft).toBeNull();
  });

  test('a new member who cannot pay for it finds it as the draft of that chat; nothing is charged', async () => {
    const juna = await createMember(t.db, { name: 'Juna2' });
    const bas = await signUp(juna.id);
    await t.db.update(members).set({ credits: 0 }).where(eq(members.id, bas.id));
    await activate(bas.email);
    expect(await t.db.select().from(messages).where(eq(messages.senderId, bas.id))).toEqual([]);
    const chat = await chatWith(bas.id, juna.id);
    expect(chat).toMatchObject({ conversation: null, draft: TEXT });
    // Only in the chat with that member.
    const other = await createMember(t.db);
    expect((await chatWith(bas.id, other.id)).draft).toBeNull();
    const [row] = await t.db.select().from(members).where(eq(members.id, bas.id));
    expect(row?.credits).toBe(0);
  });

  test('without a landing member, or to a member of another site, nothing is kept; a too long message is a field error', async () => {
    const alone = await signUp(0, { signup_member: undefined });
    const elsewhere = await createMember(t.db, { domain: 'closed.test' });
    const other = await signUp(elsewhere.id);
    for (const m of [alone, other])
      expect(await t.db.select().from(signupMessages).where(eq(signupMessages.memberId, m.id))).toEqual([]);
    const long = await t.app.inject({
      method: 'POST',
      url: '/api/signup.php',
      headers: headers(),
      payload: {
        email: 'too-long@example.test',
        name: 'Bas',
        password: 'Kaasmarkt-in-Alkmaar-12',
        date_of_birth: '1988-09-21',
        gender: 'male',
        seeking_gender: 'female',
        signup_message: 'x'.repeat(2001),
        signup_member: elsewhere.id,
      },
    });
    expect(long.statusCode).toBe(400);
    expect(Object.keys(long.json().fields)).toEqual(['signup_message']);
  });
});
