import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { MessagesResponse, SendMessageResponse } from '../../../common/api/chats';
import { NEW_ACCOUNT_DAYS, SCREENED_FIRST_MESSAGES } from '../../../common/constants';
import { auditLog, messages, reports } from '../../db/schema';
import { type MemberInput, type TestApp, testApp } from '../../test/app';
import { type ChatMember, chatHarness } from '../../test/chat';

const DAY = 86_400_000;
const clock = { now: new Date('2026-05-01T12:00:00Z') };
let t: TestApp;
beforeAll(async () => {
  t = await testApp({ now: () => clock.now });
});
afterAll(() => t?.close());

const { call, member, send, listen } = chatHarness(() => t, clock);
const daysAgo = (days: number) => new Date(clock.now.getTime() - days * DAY);
const newcomer = (input: MemberInput = {}) => member({ paid: true, signupDate: daysAgo(2), ...input });
const veteran = () => member({ paid: true, signupDate: daysAgo(NEW_ACCOUNT_DAYS + 10) });

async function sendText(
  from: ChatMember,
  to: { member_id: number } | { conversation_id: number },
  body: string,
) {
  const res = await send(from, to, { body });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as SendMessageResponse).message;
}

const flagged = async (id: number) =>
  (await t.db.select({ flagged: messages.flagged }).from(messages).where(eq(messages.id, id)))[0]?.flagged;
const reportsAgainst = (memberId: number) =>
  t.db.select().from(reports).where(eq(reports.reportedId, memberId));
const auditOf = (messageId: number) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetType, 'message'), eq(auditLog.targetId, String(messageId))));

describe('first-message screening', () => {
  test('a new account’s first message with a phone number is delivered, flagged, reported and audited', async () => {
    const scammer = await newcomer();
    const b = await member();
    const heard = listen(b.id);
    const message = await sendText(scammer, { member_id: b.id }, 'Hoi schat, bel me op 06-12345678');
    // The sender learns nothing of the flag.
    expect(message).not.toHaveProperty('flagged');
    // Delivered: the receiver heard of it and has it in the history.
    expect(heard).toEqual([{ type: 'message', message }]);
    const res = await call('GET', `/api/messages.php?conversation_id=${message.conversation_id}`, b.cookie);
    expect((res.json() as MessagesResponse).messages.map((m) => m.id)).toEqual([message.id]);

    expect(await flagged(message.id)).toBe(true);
    const [report, ...more] = await reportsAgainst(scammer.id);
    expect(more).toEqual([]);
    expect(report).toMatchObject({
      automatic: true,
      reporterId: null,
      reportedId: scammer.id,
      reportedName: scammer.name,
      subject: 'messages',
      conversationId: message.conversation_id,
      reason: 'spam',
      status: 'open',
      evidence: [
        {
          id: message.id,
          sender_id: scammer.id,
          kind: 'text',
          body: message.body,
          created_at: message.created_at,
        },
      ],
    });
    expect(report?.details).toContain('phone: 06-12345678');
    const [line] = await auditOf(message.id);
    expect(line).toMatchObject({
      staffId: null,
      action: 'message.flag',
      targetType: 'message',
      details: { report_id: report?.id, member_id: scammer.id, kinds: ['phone'] },
    });
  });

  test('payment handles make the report a suspected scam; later hits in the chat join the same report', async () => {
    const scammer = await newcomer();
    const b = await member();
    const first = await sendText(scammer, { member_id: b.id }, 'Schrijf me op whatsapp');
    const to = { conversation_id: first.conversation_id };
    const clean = await sendText(scammer, to, 'Hoe gaat het met je?');
    const second = await sendText(scammer, to, 'Stuur me een steam card, dan kom ik naar je toe');
    expect([await flagged(first.id), await flagged(clean.id), await flagged(second.id)]).toEqual([
      true,
      false,
      true,
    ]);
    const all = await reportsAgainst(scammer.id);
    expect(all).toHaveLength(1);
    expect(all[0]).toMatchObject({ reason: 'fake_or_scam', automatic: true });
    expect(all[0]?.evidence.map((e) => e.id)).toEqual([first.id, second.id]);
    expect(all[0]?.details).toContain('messenger: whatsapp');
    expect(all[0]?.details).toContain('payment: steam card');
    expect(await auditOf(second.id)).toHaveLength(1);
  });

  test('only the first SCREENED_FIRST_MESSAGES of a chat are screened, also in a chat someone else started', async () => {
    const newMember = await newcomer();
    const b = await member();
    const opened = await sendText(b, { member_id: newMember.id }, 'Hoi! Leuk profiel');
    const to = { conversation_id: opened.conversation_id };
    for (let i = 0; i < SCREENED_FIRST_MESSAGES - 1; i++) await sendText(newMember, to, 'Dank je, jij ook!');
    const last = await sendText(newMember, to, 'mail me: jan at gmail dot com');
    expect(await flagged(last.id)).toBe(true);
    const beyond = await sendText(newMember, to, 'of bel 06-12345678');
    expect(await flagged(beyond.id)).toBe(false);
    expect((await reportsAgainst(newMember.id))[0]?.evidence.map((e) => e.id)).toEqual([last.id]);
  });

  test('no flag for a clean message, for an old account, or for a message the screen does not concern', async () => {
    const newMember = await newcomer();
    const b = await member();
    const clean = await sendText(newMember, { member_id: b.id }, 'Hoi, wat doe je graag in het weekend?');
    expect(await flagged(clean.id)).toBe(false);
    expect(await reportsAgainst(newMember.id)).toEqual([]);

    const old = await veteran();
    const withNumber = await sendText(old, { member_id: b.id }, 'Bel me gerust: 06-12345678');
    expect(await flagged(withNumber.id)).toBe(false);
    expect(await reportsAgainst(old.id)).toEqual([]);
    expect(await auditOf(withNumber.id)).toEqual([]);
  });

  test('a refused send with contact details leaves no flag, report or audit line behind', async () => {
    const poor = await newcomer({ credits: 0 });
    const b = await member();
    const res = await send(poor, { member_id: b.id }, { body: 'bel me op 06-12345678' });
    expect(res.statusCode).toBe(402);
    expect(await reportsAgainst(poor.id)).toEqual([]);
  });
});
