import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  NEW_ACCOUNT_DAYS,
  NEW_CONVERSATIONS_PER_DAY,
  NEW_CONVERSATIONS_PER_DAY_REPORTED,
  NEW_CONVERSATIONS_PER_DAY_VERIFIED,
  REPORT_PENALTY_DAYS,
} from '../../../common/constants';
import { conversations, reports } from '../../db/schema';
import { type MemberInput, siteId, type TestApp, testApp } from '../../test/app';
import { type ChatMember, chatHarness } from '../../test/chat';

const DAY = 86_400_000;
const clock = { now: new Date('2026-05-01T12:00:00Z') };
let t: TestApp;
beforeAll(async () => {
  t = await testApp({ now: () => clock.now });
});
afterAll(() => t?.close());

const { call, member, send } = chatHarness(() => t, clock);
const daysAgo = (days: number) => new Date(clock.now.getTime() - days * DAY);

/** A member who pays (so the free members' start limit plays no part) and joined `age` days ago. */
const sender = (age: number, input: MemberInput = {}) =>
  member({ paid: true, credits: 500, signupDate: daysAgo(age), ...input });
const verified = (input: MemberInput = {}) =>
  sender(2, {
    emailConfirmedAt: daysAgo(2),
    photo: { status: 'approved', reviewedAt: daysAgo(1) },
    ...input,
  });

/** Opens chats with `count` new members, each answered 200. */
async function openChats(from: ChatMember, count: number) {
  const ids: number[] = [];
  for (let i = 0; i < count; i++) {
    const res = await send(from, { member_id: (await member()).id });
    expect(res.statusCode, res.body).toBe(200);
    ids.push(res.json().message.conversation_id);
  }
  return ids;
}

async function startsOf(memberId: number) {
  return (await t.db.select().from(conversations).where(eq(conversations.startedBy, memberId))).length;
}

async function upheldReport(reportedId: number, decidedAt: Date, status: 'upheld' | 'dismissed' = 'upheld') {
  await t.db.insert(reports).values({
    siteId: await siteId(t.db, 'main.test'),
    reportedId,
    reportedName: 'x',
    subject: 'member',
    reason: 'harassment',
    status,
    action: status === 'upheld' ? 'warn' : 'dismiss',
    decidedAt,
    createdAt: new Date(decidedAt.getTime() - DAY),
  });
}

describe('new-conversation limits', () => {
  test('a new account opens NEW_CONVERSATIONS_PER_DAY chats a day; the next is refused with the limit and when it frees', async () => {
    const a = await sender(3);
    const firstAt = clock.now;
    await openChats(a, NEW_CONVERSATIONS_PER_DAY);
    const other = await member();
    const refused = await send(a, { member_id: other.id });
    expect(refused.statusCode, refused.body).toBe(429);
    const body = refused.json();
    expect(body).toMatchObject({ error: 'conversation_limit', limit: NEW_CONVERSATIONS_PER_DAY });
    // The first start leaves the rolling day 24 h after it was made.
    const expected = Math.ceil((firstAt.getTime() + 3000 + DAY - clock.now.getTime()) / 1000);
    expect(body.retry_after).toBe(expected);
    expect(body.message).toContain(String(NEW_CONVERSATIONS_PER_DAY));
    // Nothing was started.
    expect(await startsOf(a.id)).toBe(NEW_CONVERSATIONS_PER_DAY);

    // A day after the first start, one place is free again.
    clock.now = new Date(clock.now.getTime() + body.retry_after * 1000);
    const later = await send(a, { member_id: other.id });
    expect(later.statusCode, later.body).toBe(200);
  });

  test('replies and chats that exist are never limited', async () => {
    const a = await sender(3);
    const [first] = await openChats(a, NEW_CONVERSATIONS_PER_DAY);
    // Another member starts a chat with the limited member: the limited member may answer it.
    const b = await member();
    const started = await send(b, { member_id: a.id });
    expect(started.statusCode, started.body).toBe(200);
    expect((await send(a, { member_id: b.id })).statusCode).toBe(200);
    expect((await send(a, { conversation_id: started.json().message.conversation_id })).statusCode).toBe(200);
    // And go on writing in the chats they opened.
    for (let i = 0; i < 5; i++)
      expect((await send(a, { conversation_id: first as number })).statusCode).toBe(200);
    expect((await send(a, { member_id: (await member()).id })).statusCode).toBe(429);
  });

  test('a confirmed address and a reviewed main photo raise the limit; an unreviewed photo does not', async () => {
    const a = await verified();
    await openChats(a, NEW_CONVERSATIONS_PER_DAY_VERIFIED);
    const refused = await send(a, { member_id: (await member()).id });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ limit: NEW_CONVERSATIONS_PER_DAY_VERIFIED });

    const unreviewed = await sender(2, { emailConfirmedAt: daysAgo(2), photo: { status: 'approved' } });
    await openChats(unreviewed, NEW_CONVERSATIONS_PER_DAY);
    expect((await send(unreviewed, { member_id: (await member()).id })).json()).toMatchObject({
      error: 'conversation_limit',
      limit: NEW_CONVERSATIONS_PER_DAY,
    });

    const unconfirmed = await sender(2, { photo: { status: 'approved', reviewedAt: daysAgo(1) } });
    await openChats(unconfirmed, NEW_CONVERSATIONS_PER_DAY);
    expect((await send(unconfirmed, { member_id: (await member()).id })).statusCode).toBe(429);
  });

  test('an upheld report lowers the limit for REPORT_PENALTY_DAYS, also for an old account; a dismissed one does not', async () => {
    const reported = await verified();
    await upheldReport(reported.id, daysAgo(2));
    await openChats(reported, NEW_CONVERSATIONS_PER_DAY_REPORTED);
    const refused = await send(reported, { member_id: (await member()).id });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ limit: NEW_CONVERSATIONS_PER_DAY_REPORTED });

    const old = await sender(400);
    await upheldReport(old.id, daysAgo(REPORT_PENALTY_DAYS - 1));
    await openChats(old, NEW_CONVERSATIONS_PER_DAY_REPORTED);
    expect((await send(old, { member_id: (await member()).id })).statusCode).toBe(429);

    const forgiven = await sender(400);
    await upheldReport(forgiven.id, daysAgo(REPORT_PENALTY_DAYS + 1));
    await upheldReport(forgiven.id, daysAgo(1), 'dismissed');
    await openChats(forgiven, NEW_CONVERSATIONS_PER_DAY_VERIFIED + 2);
  });

  test('an account older than NEW_ACCOUNT_DAYS is not limited', async () => {
    const a = await sender(NEW_ACCOUNT_DAYS + 1);
    await openChats(a, NEW_CONVERSATIONS_PER_DAY_VERIFIED + 2);
  });

  test('the limit comes before the premium offer: paying would not lift it', async () => {
    const free = await member({ paid: false, signupDate: daysAgo(400) });
    await upheldReport(free.id, daysAgo(1));
    await openChats(free, 1);
    const refused = await send(free, { member_id: (await member()).id });
    expect(refused.json()).toMatchObject({ error: 'conversation_limit' });
  });

  test('sends at once at the last place: exactly one opens a chat', async () => {
    const a = await sender(3);
    await openChats(a, NEW_CONVERSATIONS_PER_DAY - 1);
    const others = await Promise.all(Array.from({ length: 4 }, () => member()));
    const answers = await Promise.all(
      others.map((o) =>
        call('POST', '/api/messages.php', a.cookie, {
          client_id: randomUUID(),
          member_id: o.id,
          body: 'Hoi',
        }),
      ),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 429, 429, 429]);
    expect(await startsOf(a.id)).toBe(NEW_CONVERSATIONS_PER_DAY);
  });

  test('a photo as the first message is refused the same way, before it is processed', async () => {
    const a = await sender(3);
    await openChats(a, NEW_CONVERSATIONS_PER_DAY);
    const other = await member();
    const form = `--x\r\nContent-Disposition: form-data; name="client_id"\r\n\r\n${randomUUID()}\r\n--x\r\nContent-Disposition: form-data; name="member_id"\r\n\r\n${other.id}\r\n--x\r\nContent-Disposition: form-data; name="photo"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\nnot really a photo\r\n--x--\r\n`;
    const res = await call('POST', '/api/messages.php', a.cookie, form, {
      'content-type': 'multipart/form-data; boundary=x',
    });
    expect(res.statusCode, res.body).toBe(429);
    expect(res.json()).toMatchObject({ error: 'conversation_limit' });
  });
});
