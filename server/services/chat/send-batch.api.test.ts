import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { SendMessageResponse } from '../../../common/api/chats';
import { conversationMembers, creditLedger, members, messages } from '../../db/schema';
import { siteId, type TestApp, testApp } from '../../test/app';
import { type ChatMember, chatHarness } from '../../test/chat';
import { SendBatcher } from './send-batch';
import { type SendRow, sendParams, sendStatement } from './send-statement';

const clock = { now: new Date('2026-05-01T12:00:00Z') };
let t: TestApp;
beforeAll(async () => {
  t = await testApp({ now: () => clock.now });
  site = await siteId(t.db, 'main.test');
});
afterAll(() => t?.close());

const { member, send, call } = chatHarness(() => t, clock);

/** Two members in a chat (the first message, from `a`, started it). */
async function chat() {
  const a = await member({ credits: 50 });
  const b = await member({ credits: 50 });
  const first = await send(a, { member_id: b.id });
  expect(first.statusCode, first.body).toBe(200);
  return { a, b, conversation: (first.json() as SendMessageResponse).message.conversation_id };
}

const post = (from: ChatMember, conversation: number, body: string) =>
  call('POST', '/api/messages.php', from.cookie, {
    client_id: randomUUID(),
    conversation_id: conversation,
    body,
  });

let site = 0;
/** A send's values as messages.ts makes them: a text of one credit in the chat. */
const sendRow = (from: ChatMember, conversation: number, kind: string): SendRow => ({
  sender: from.id,
  conversation,
  member: 0,
  client: randomUUID(),
  site,
  price: 1,
  kind,
  body: 'in een batch',
  photo: null,
  thumb: null,
  gift: null,
  reason: 'message',
  now: clock.now.toISOString(),
});

const side = async (conversation: number, memberId: number) =>
  (
    await t.db
      .select()
      .from(conversationMembers)
      .where(
        and(eq(conversationMembers.conversationId, conversation), eq(conversationMembers.memberId, memberId)),
      )
  )[0];

test('sends that arrive together are written in fewer statements, each answered with its own message', async () => {
  const chats = await Promise.all(Array.from({ length: 6 }, chat));
  const batcher = t.app.services.sendBatcher;
  const before = { ...batcher.stats };
  // Both members of every chat write at once: twelve sends, two in each chat.
  const results = await Promise.all(
    chats.flatMap((c) => [
      post(c.a, c.conversation, `van a ${c.a.id}`),
      post(c.b, c.conversation, `van b ${c.b.id}`),
    ]),
  );
  for (const res of results) expect(res.statusCode, res.body).toBe(200);
  expect(batcher.stats.sends - before.sends).toBe(12);
  expect(batcher.stats.batches - before.batches).toBeLessThan(12);

  for (const [i, c] of chats.entries()) {
    const [fromA, fromB] = [results[2 * i], results[2 * i + 1]].map((r) => r?.json() as SendMessageResponse);
    expect(fromA?.message).toMatchObject({
      body: `van a ${c.a.id}`,
      sender_id: c.a.id,
      conversation_id: c.conversation,
    });
    expect(fromB?.message).toMatchObject({
      body: `van b ${c.b.id}`,
      sender_id: c.b.id,
      conversation_id: c.conversation,
    });
    // Each paid once, with a ledger row naming the message.
    expect(fromA?.credits).toBe(48);
    expect(fromB?.credits).toBe(49);
    const ledger = await t.db
      .select({ reference: creditLedger.reference, balance: creditLedger.balanceAfter })
      .from(creditLedger)
      .where(and(eq(creditLedger.memberId, c.b.id), eq(creditLedger.reason, 'message')));
    expect(ledger).toEqual([{ reference: String(fromB?.message.id), balance: 49 }]);
    // Each side counts the other's message as unread, and both name the newest message.
    const last = Math.max(fromA?.message.id ?? 0, fromB?.message.id ?? 0);
    expect(await side(c.conversation, c.a.id)).toMatchObject({ unreadCount: 1, lastMessageId: last });
    expect(await side(c.conversation, c.b.id)).toMatchObject({ unreadCount: 2, lastMessageId: last });
  }
});

test("one member's sends at once are saved, charged and numbered in the order they came, one per batch", async () => {
  const { a, conversation } = await chat();
  const batcher = t.app.services.sendBatcher;
  const before = { ...batcher.stats };
  const bodies = Array.from({ length: 8 }, (_, i) => `bericht ${i}`);
  const rows = await Promise.all(
    bodies.map((body) => batcher.send({ ...sendRow(a, conversation, 'text'), body })),
  );
  expect(batcher.stats.batches - before.batches).toBe(8);
  const ids = rows.map((r) => Number(r.id));
  expect([...ids].sort((x, y) => x - y)).toEqual(ids);
  expect(rows.map((r) => Number(r.new_credits))).toEqual([48, 47, 46, 45, 44, 43, 42, 41]);
  const saved = await t.db
    .select({ body: messages.body })
    .from(messages)
    .where(eq(messages.conversationId, conversation))
    .orderBy(asc(messages.id));
  expect(saved.map((m) => m.body)).toEqual(['Hallo daar', ...bodies]);
});

test('a send that breaks the batch fails alone: the others of its batch are written', async () => {
  const chats = await Promise.all(Array.from({ length: 3 }, chat));
  const batcher = new SendBatcher(t.db, 1);
  const row = (c: (typeof chats)[number], kind: string) => sendRow(c.a, c.conversation, kind);
  // Not a message kind: the database refuses the whole statement.
  const [first, broken, third] = await Promise.allSettled([
    batcher.send(row(chats[0] as (typeof chats)[number], 'text')),
    batcher.send(row(chats[1] as (typeof chats)[number], 'no_such_kind')),
    batcher.send(row(chats[2] as (typeof chats)[number], 'text')),
  ]);
  expect(batcher.stats).toEqual({ batches: 1, sends: 3 });
  expect(broken?.status).toBe('rejected');
  for (const [result, c] of [
    [first, chats[0]],
    [third, chats[2]],
  ] as const) {
    expect(result?.status).toBe('fulfilled');
    const id = (result as PromiseFulfilledResult<Record<string, unknown>>).value.id;
    const [saved] = await t.db
      .select()
      .from(messages)
      .where(eq(messages.id, Number(id)));
    expect(saved).toMatchObject({ senderId: c?.a.id, body: 'in een batch' });
    const [me] = await t.db
      .select({ credits: members.credits })
      .from(members)
      .where(eq(members.id, c?.a.id ?? 0));
    expect(me?.credits).toBe(48);
  }
  const [me] = await t.db
    .select({ credits: members.credits })
    .from(members)
    .where(eq(members.id, chats[1]?.a.id ?? 0));
  expect(me?.credits).toBe(49);
});

test('the statement itself refuses a deleted or suspended sender: nothing saved, nothing charged', async () => {
  const gone = [
    { status: 'deleted' as const, deletedAt: clock.now },
    { status: 'suspended' as const, suspendedUntil: new Date(clock.now.getTime() + 86_400_000) },
    // A suspended member who then deleted the account stays suspended (services/accounts/account.ts).
    { status: 'suspended' as const, deletedAt: clock.now },
  ];
  for (const change of gone) {
    const { a, conversation } = await chat();
    // As a socket or a request racing with the deletion or the suspension sees it: the row changed,
    // the caller's session not yet checked again.
    await t.db.update(members).set(change).where(eq(members.id, a.id));
    const batched = await t.app.services.sendBatcher.send(sendRow(a, conversation, 'text'));
    const [single] = (await t.db.execute(sendStatement(sendParams([sendRow(a, conversation, 'text')])))).rows;
    for (const row of [batched, single]) expect(row?.id ?? null).toBeNull();
    const [me] = await t.db.select({ credits: members.credits }).from(members).where(eq(members.id, a.id));
    expect(me?.credits).toBe(49);
    const sent = await t.db.select().from(messages).where(eq(messages.conversationId, conversation));
    expect(sent).toHaveLength(1);
  }
});

test('a suspended sender whose request got past the session check is refused: 403, nothing charged', async () => {
  const { a, conversation } = await chat();
  await t.db
    .update(members)
    .set({ status: 'suspended', suspendedUntil: new Date(clock.now.getTime() + 86_400_000) })
    .where(eq(members.id, a.id));
  const res = await post(a, conversation, 'toch nog');
  expect(res.statusCode, res.body).toBe(403);
  expect(res.json().error).toBe('authentication_required');
  const [me] = await t.db.select({ credits: members.credits }).from(members).where(eq(members.id, a.id));
  expect(me?.credits).toBe(49);
});

// Two connections at once: PostgreSQL only (PGlite runs one statement at a time).
test.skipIf(!process.env.TEST_DATABASE_URL)(
  'a deletion committed while the send waits for the sender row stops the send: nothing saved or charged',
  async () => {
    const { a, conversation } = await chat();
    let waiting: Promise<Record<string, unknown>> | undefined;
    await t.db.transaction(async (tx) => {
      await tx.update(members).set({ status: 'deleted', deletedAt: clock.now }).where(eq(members.id, a.id));
      // The send starts before the deletion commits (it reads the sender as still there) and
      // waits for the row the deletion holds.
      waiting = t.app.services.sendBatcher.send(sendRow(a, conversation, 'text'));
      await new Promise((r) => setTimeout(r, 300));
    });
    const row = await (waiting as Promise<Record<string, unknown>>);
    expect(row.sender_live).toBe(true);
    expect(row.id ?? null).toBeNull();
    const [me] = await t.db.select({ credits: members.credits }).from(members).where(eq(members.id, a.id));
    expect(me?.credits).toBe(49);
    expect(await t.db.select().from(messages).where(eq(messages.conversationId, conversation))).toHaveLength(
      1,
    );
  },
);
