import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { MessagesResponse, SendMessageResponse } from '../../common/api/chats';
import {
  CHAT_HISTORY_LIMIT_FREE,
  CHAT_PAGE_SIZE,
  FREE_CHAT_STARTS,
  MESSAGES_PER_MINUTE,
} from '../../common/constants';
import { blocks, creditLedger, gifts, members, messages } from '../db/schema';
import { type TestApp, testApp } from '../test/app';
import { chatHarness } from '../test/chat';

const clock = { now: new Date('2026-05-01T12:00:00Z') };
let t: TestApp;
beforeAll(async () => {
  t = await testApp({ now: () => clock.now });
});
afterAll(() => t?.close());

const { call, member, send, listen } = chatHarness(() => t, clock);

const ok = async (res: Awaited<ReturnType<typeof send>>) => {
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as SendMessageResponse;
};

async function history(who: { cookie: string }, conversationId: number, params = '') {
  const res = await call('GET', `/api/messages.php?conversation_id=${conversationId}${params}`, who.cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as MessagesResponse;
}

const balance = async (id: number) =>
  (await t.db.select({ credits: members.credits }).from(members).where(eq(members.id, id)))[0]?.credits;

describe('sending', () => {
  test('the first message starts the chat, costs message_credits with a ledger row, and both members hear of it', async () => {
    const a = await member({ credits: 10 });
    const b = await member();
    const heardA = listen(a.id);
    const heardB = listen(b.id);
    const sent = await ok(await send(a, { member_id: b.id }, { body: '  Hoi Bram!  ' }));
    expect(sent.credits).toBe(9);
    expect(sent.message).toMatchObject({
      sender_id: a.id,
      kind: 'text',
      body: 'Hoi Bram!',
      photo: null,
      gift: null,
    });
    expect(await balance(a.id)).toBe(9);
    const ledger = await t.db.select().from(creditLedger).where(eq(creditLedger.memberId, a.id));
    expect(ledger).toMatchObject([
      { delta: -1, balanceAfter: 9, reason: 'message', reference: String(sent.message.id) },
    ]);
    expect(heardB).toEqual([{ type: 'message', message: sent.message }]);
    expect(heardA).toEqual([
      { type: 'message', message: sent.message },
      { type: 'credits', credits: 9 },
    ]);

    // The reply goes to the same conversation, by member id or by conversation id.
    const reply = await ok(await send(b, { member_id: a.id }));
    expect(reply.message.conversation_id).toBe(sent.message.conversation_id);
    const again = await ok(await send(a, { conversation_id: sent.message.conversation_id }));
    expect(again.credits).toBe(8);
    const page = await history(b, sent.message.conversation_id);
    expect(page.messages.map((m) => m.id)).toEqual([sent.message.id, reply.message.id, again.message.id]);
  });

  test('50 sends at once with credits for 10 give exactly 10 messages, 10 ledger rows and a balance of 0', async () => {
    const a = await member({ credits: 10 });
    const b = await member();
    const first = await ok(await send(a, { member_id: b.id }));
    await t.db.update(members).set({ credits: 10 }).where(eq(members.id, a.id));
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        call('POST', '/api/messages.php', a.cookie, {
          client_id: randomUUID(),
          conversation_id: first.message.conversation_id,
          body: 'snel',
        }),
      ),
    );
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(10);
    expect(codes.filter((c) => c === 402)).toHaveLength(40);
    expect(answers.find((r) => r.statusCode === 402)?.json().error).toBe('not_enough_credits');
    expect(await balance(a.id)).toBe(0);
    const saved = await t.db.select().from(messages).where(eq(messages.senderId, a.id));
    expect(saved).toHaveLength(11);
    const ledger = await t.db.select().from(creditLedger).where(eq(creditLedger.memberId, a.id));
    expect(ledger).toHaveLength(11);
    expect(ledger.map((l) => l.balanceAfter).sort((x, y) => x - y)).toEqual([
      0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 9,
    ]);
  });

  test('a retry with the same client id answers the saved message and charges once, also when both arrive at once', async () => {
    const a = await member({ credits: 10 });
    const b = await member();
    const clientId = randomUUID();
    const one = await ok(await send(a, { member_id: b.id }, { client_id: clientId }));
    const two = await ok(await send(a, { member_id: b.id }, { client_id: clientId }));
    expect(two.message).toEqual(one.message);
    expect(two.credits).toBe(9);
    const same = randomUUID();
    const both = await Promise.all(
      [1, 2, 3].map(() =>
        call('POST', '/api/messages.php', a.cookie, {
          client_id: same,
          conversation_id: one.message.conversation_id,
          body: 'dubbel',
        }),
      ),
    );
    const ids = new Set(both.map((r) => r.json().message.id));
    expect(ids.size).toBe(1);
    expect(await balance(a.id)).toBe(8);
    expect(await t.db.select().from(creditLedger).where(eq(creditLedger.memberId, a.id))).toHaveLength(2);
  });

  test('not enough credits: 402 and nothing saved, no chat started', async () => {
    const a = await member({ credits: 0 });
    const b = await member();
    const res = await send(a, { member_id: b.id });
    expect(res.statusCode).toBe(402);
    expect(res.json().error).toBe('not_enough_credits');
    const detail = await call('GET', `/api/chat.php?member_id=${b.id}`, a.cookie);
    expect(detail.json().chat.conversation).toBeNull();
  });

  test('empty, too long, to oneself, bad input', async () => {
    const a = await member();
    const b = await member();
    const empty = await send(a, { member_id: b.id }, { body: '   ' });
    expect([empty.statusCode, empty.json().error]).toEqual([400, 'message_empty']);
    const long = await send(a, { member_id: b.id }, { body: 'x'.repeat(1001) });
    expect([long.statusCode, long.json().error, long.json().max]).toEqual([400, 'message_too_long', 1000]);
    expect(long.json().message).toContain('1000');
    await ok(await send(a, { member_id: b.id }, { body: 'x'.repeat(1000) }));
    // A NUL cannot be stored as text: refused as invalid input, as in every request.
    for (const body of ['a\u0000b', '\u0000']) {
      const nul = await send(a, { member_id: b.id }, { body });
      expect([nul.statusCode, nul.json().error, Object.keys(nul.json().fields)]).toEqual([
        400,
        'invalid_input',
        ['body'],
      ]);
    }
    const self = await send(a, { member_id: a.id });
    expect([self.statusCode, self.json().error]).toEqual([400, 'message_to_self']);
    for (const body of [
      { body: 'x', member_id: b.id },
      { client_id: 'nope', body: 'x', member_id: b.id },
      { client_id: randomUUID(), body: 'x' },
      { client_id: randomUUID(), body: 'x', member_id: b.id, conversation_id: 1 },
      { client_id: randomUUID(), body: 'x', member_id: b.id, extra: 1 },
    ]) {
      const res = await call('POST', '/api/messages.php', a.cookie, body);
      expect([res.statusCode, res.json().error]).toEqual([400, 'invalid_input']);
    }
    const visitor = await call('POST', '/api/messages.php', '', {
      client_id: randomUUID(),
      member_id: b.id,
      body: 'x',
    });
    expect(visitor.statusCode).toBe(403);
  });

  test('unknown, deleted, invisible (without a chat) and other-site members are not found', async () => {
    const a = await member();
    const gone = await member();
    const hidden = await member({ invisible: true });
    const elsewhere = await member({ domain: 'first.test', country: 'DE' });
    expect((await send(a, { member_id: 987_654_321 })).statusCode).toBe(404);
    expect((await send(a, { member_id: hidden.id })).statusCode).toBe(404);
    expect((await send(a, { member_id: elsewhere.id })).statusCode).toBe(404);
    // A chat with a member who then deletes their account: the chat cannot go on.
    const first = await ok(await send(a, { member_id: gone.id }));
    await t.db
      .update(members)
      .set({ deletedAt: clock.now, status: 'deleted' })
      .where(eq(members.id, gone.id));
    expect((await send(a, { member_id: gone.id })).statusCode).toBe(404);
    expect((await send(a, { conversation_id: first.message.conversation_id })).statusCode).toBe(404);
  });

  test('an invisible member keeps chatting with the members they talk to, and is never shown online', async () => {
    const a = await member();
    const shy = await member({ lastActiveAt: clock.now });
    const first = await ok(await send(a, { member_id: shy.id }));
    await t.db
      .update(members)
      .set({ invisible: true, lastActiveAt: clock.now })
      .where(eq(members.id, shy.id));
    await ok(await send(a, { conversation_id: first.message.conversation_id }));
    await ok(await send(a, { member_id: shy.id }));
    await ok(await send(shy, { member_id: a.id }));
    const detail = await call('GET', `/api/chat.php?id=${first.message.conversation_id}`, a.cookie);
    expect(detail.json().chat.profile).toMatchObject({ id: shy.id, online: false });
    const list = await call('GET', '/api/chats.php', a.cookie);
    expect(list.json().chats[0].profile).toMatchObject({ id: shy.id, online: false });
  });

  test('another member’s conversation id is not found on every endpoint, and nothing of it is shown', async () => {
    const a = await member();
    const b = await member();
    const stranger = await member();
    const sent = await ok(await send(a, { member_id: b.id }, { body: 'geheim' }));
    const id = sent.message.conversation_id;
    const answers = [
      await call('GET', `/api/chat.php?id=${id}`, stranger.cookie),
      await call('GET', `/api/messages.php?conversation_id=${id}`, stranger.cookie),
      await call('GET', `/api/messages.php?conversation_id=${id}&after=1`, stranger.cookie),
      await call('PUT', '/api/chat.php', stranger.cookie, {
        conversation: { id },
        last_read_message_id: sent.message.id,
      }),
      await call('DELETE', '/api/chat.php', stranger.cookie, { conversation: { id } }),
      await send(stranger, { conversation_id: id }),
    ];
    for (const res of answers) {
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('geheim');
    }
    // Nothing changed for the members of the chat.
    expect((await history(b, id)).messages).toHaveLength(1);
    expect(await t.db.select().from(messages).where(eq(messages.senderId, stranger.id))).toHaveLength(0);
  });

  test(`a free member may start ${FREE_CHAT_STARTS} chats; replies in chats others started are free of that limit`, async () => {
    const free = await member();
    const [b, c, d, e] = [await member(), await member(), await member(), await member()];
    await ok(await send(free, { member_id: b.id }));
    await ok(await send(free, { member_id: c.id }));
    const third = await send(free, { member_id: d.id });
    expect([third.statusCode, third.json().error]).toEqual([403, 'premium_required']);
    const detail = await call('GET', `/api/chat.php?member_id=${d.id}`, free.cookie);
    expect(detail.json().chat).toMatchObject({ conversation: null, cannot_send: 'premium_required' });
    // More messages in the chats already started are fine.
    await ok(await send(free, { member_id: b.id }));
    // E starts a chat with the free member: the free member may answer.
    const fromE = await ok(await send(e, { member_id: free.id }));
    await ok(await send(free, { conversation_id: fromE.message.conversation_id }));
    // Premium members start as many as they like.
    const paid = await member({ paid: true });
    for (const to of [b, c, d]) await ok(await send(paid, { member_id: to.id }));
  });

  test('blocked either way: 404, as to a member who does not exist, and the chat is not found', async () => {
    const a = await member();
    const b = await member();
    const c = await member();
    const sent = await ok(await send(a, { member_id: b.id }));
    await t.db.insert(blocks).values({ blockerId: b.id, blockedId: a.id });
    const res = await send(a, { conversation_id: sent.message.conversation_id });
    expect([res.statusCode, res.json().error]).toEqual([404, 'not_found']);
    expect((await send(b, { member_id: a.id })).json().error).toBe('not_found');
    const detail = await call('GET', `/api/chat.php?id=${sent.message.conversation_id}`, a.cookie);
    expect(detail.statusCode).toBe(404);
    // Without a chat the block still refuses the first message.
    await t.db.insert(blocks).values({ blockerId: a.id, blockedId: c.id });
    expect((await send(c, { member_id: a.id })).json().error).toBe('not_found');
    expect((await send(a, { member_id: c.id })).json().error).toBe('not_found');
  });

  test('a member whose e-mail is not confirmed may write, but gets no reply until confirmed; both sides see why', async () => {
    const fresh = await member({ status: 'not_confirmed' });
    const b = await member();
    const sent = await ok(await send(fresh, { member_id: b.id }));
    const id = sent.message.conversation_id;
    const mine = await call('GET', `/api/chat.php?id=${id}`, fresh.cookie);
    expect(mine.json().chat).toMatchObject({ cannot_send: null, awaiting_my_confirmation: true });
    const theirs = await call('GET', `/api/chat.php?id=${id}`, b.cookie);
    expect(theirs.json().chat).toMatchObject({
      cannot_send: 'recipient_not_confirmed',
      awaiting_my_confirmation: false,
    });
    const reply = await send(b, { conversation_id: id });
    expect([reply.statusCode, reply.json().error]).toEqual([409, 'recipient_not_confirmed']);
    expect(await balance(b.id)).toBe(100);
    await t.db.update(members).set({ status: 'active' }).where(eq(members.id, fresh.id));
    await ok(await send(b, { conversation_id: id }));
    // Before any chat, an unconfirmed member is listed nowhere and cannot be written to first.
    const unconfirmed = await member({ status: 'not_confirmed' });
    const first = await send(b, { member_id: unconfirmed.id });
    expect([first.statusCode, first.json().error]).toEqual([404, 'not_found']);
    const screen = await call('GET', `/api/chat.php?member_id=${unconfirmed.id}`, b.cookie);
    expect(screen.statusCode).toBe(404);
  });

  test(`more than ${MESSAGES_PER_MINUTE} messages a minute: 429 slow_down with retry_after, nothing charged`, async () => {
    const a = await member({ credits: 1000 });
    const b = await member();
    const first = await ok(await send(a, { member_id: b.id }));
    const id = first.message.conversation_id;
    const burst = [];
    for (let i = 1; i < MESSAGES_PER_MINUTE + 2; i++)
      burst.push(
        await call('POST', '/api/messages.php', a.cookie, {
          client_id: randomUUID(),
          conversation_id: id,
          body: `${i}`,
        }),
      );
    expect(burst.slice(0, MESSAGES_PER_MINUTE - 1).every((r) => r.statusCode === 200)).toBe(true);
    const refused = burst.slice(MESSAGES_PER_MINUTE - 1);
    expect(refused.map((r) => r.statusCode)).toEqual([429, 429]);
    expect(refused[0]?.json()).toMatchObject({ error: 'slow_down' });
    expect(refused[0]?.json().retry_after).toBeGreaterThan(0);
    expect(await balance(a.id)).toBe(1000 - MESSAGES_PER_MINUTE);
    clock.now = new Date(clock.now.getTime() + 61_000);
    await ok(await send(a, { conversation_id: id }));
  });
});

describe('gifts', () => {
  test('a gift costs its price (or the site’s gift_credits) and carries its slug; unknown and inactive gifts are refused', async () => {
    const a = await member({ credits: 50 });
    const b = await member();
    const list = await call('GET', '/api/gifts.php', '');
    expect(list.statusCode).toBe(200);
    const catalogue = list.json().gifts as { id: number; slug: string; credits: number }[];
    expect(catalogue.map((g) => g.slug)).toEqual([
      'rose',
      'heart',
      'kiss',
      'chocolates',
      'teddy',
      'cocktail',
      'champagne',
      'diamond',
    ]);
    const rose = catalogue[0] as (typeof catalogue)[number];
    const diamond = catalogue[7] as (typeof catalogue)[number];
    expect(rose.credits).toBe(5);
    expect(diamond.credits).toBe(25);
    const sent = await ok(await send(a, { member_id: b.id }, { kind: 'gift', gift_id: rose.id, body: '' }));
    expect(sent.message).toMatchObject({ kind: 'gift', gift: { id: rose.id, slug: 'rose' } });
    expect(sent.credits).toBe(45);
    const big = await ok(
      await send(a, { member_id: b.id }, { kind: 'gift', gift_id: diamond.id, body: 'Voor jou' }),
    );
    expect(big.credits).toBe(20);
    // The chat list names the last gift, so the overview can say which one came.
    const overview = await call('GET', '/api/chats.php', b.cookie);
    expect(overview.json().chats[0].last_message).toMatchObject({
      kind: 'gift',
      gift: { id: diamond.id, slug: 'diamond' },
    });
    const [row] = await t.db
      .select()
      .from(creditLedger)
      .where(and(eq(creditLedger.memberId, a.id), eq(creditLedger.reference, String(big.message.id))));
    expect(row).toMatchObject({ delta: -25, reason: 'gift' });
    expect((await history(b, sent.message.conversation_id)).messages[0]?.gift).toEqual({
      id: rose.id,
      slug: 'rose',
    });

    expect((await send(a, { member_id: b.id }, { kind: 'gift', gift_id: 99_999 })).statusCode).toBe(404);
    expect((await send(a, { member_id: b.id }, { kind: 'gift' })).statusCode).toBe(400);
    await t.db.update(gifts).set({ active: false }).where(eq(gifts.id, diamond.id));
    // The catalogue is kept for 30 s.
    clock.now = new Date(clock.now.getTime() + 31_000);
    const after = await call('GET', '/api/gifts.php', '');
    expect(after.json().gifts.map((g: { slug: string }) => g.slug)).not.toContain('diamond');
    expect((await send(a, { member_id: b.id }, { kind: 'gift', gift_id: diamond.id })).statusCode).toBe(404);
  });
});

describe('history', () => {
  test('pages by keyset: newest page first, `before` older, `after` newer', async () => {
    const a = await member({ paid: true, credits: 500 });
    const b = await member({ paid: true });
    const first = await ok(await send(a, { member_id: b.id }, { body: 'm0' }));
    const id = first.message.conversation_id;
    for (let i = 1; i < CHAT_PAGE_SIZE + 5; i++)
      await ok(await send(i % 2 ? b : a, { conversation_id: id }, { body: `m${i}` }));
    const newest = await history(a, id);
    expect(newest.messages).toHaveLength(CHAT_PAGE_SIZE);
    expect(newest.messages.at(-1)?.body).toBe(`m${CHAT_PAGE_SIZE + 4}`);
    expect(newest.has_more).toBe(true);
    expect(newest.history_limited).toBe(false);
    const older = await history(a, id, `&before=${newest.messages[0]?.id}`);
    expect(older.messages.map((m) => m.body)).toEqual(['m0', 'm1', 'm2', 'm3', 'm4']);
    expect(older.has_more).toBe(false);
    const after = await history(a, id, `&after=${older.messages[2]?.id}`);
    expect(after.messages[0]?.body).toBe('m3');
    expect(after.messages).toHaveLength(CHAT_PAGE_SIZE + 2);
    expect(after.has_more).toBe(false);
    const bad = await call('GET', `/api/messages.php?conversation_id=${id}&before=1&after=2`, a.cookie);
    expect(bad.statusCode).toBe(400);
    expect((await call('GET', '/api/messages.php?conversation_id=abc', a.cookie)).statusCode).toBe(400);
  });

  test(`a free member sees the newest ${CHAT_HISTORY_LIMIT_FREE} messages (history_limited); premium sees all`, async () => {
    const free = await member();
    const paid = await member({ paid: true, credits: 1000 });
    const first = await ok(await send(paid, { member_id: free.id }, { body: 'oudste' }));
    const id = first.message.conversation_id;
    // Written straight to the table: the flood limit is not what this test is about.
    await t.db.insert(messages).values(
      Array.from({ length: CHAT_HISTORY_LIMIT_FREE + 9 }, (_, i) => ({
        conversationId: id,
        senderId: paid.id,
        clientId: randomUUID(),
        body: `n${i}`,
        credits: 1,
      })),
    );
    const all: string[] = [];
    let page = await history(free, id);
    expect(page.history_limited).toBe(true);
    for (;;) {
      all.unshift(...page.messages.map((m) => m.body));
      if (!page.has_more) break;
      page = await history(free, id, `&before=${page.messages[0]?.id}`);
      expect(page.history_limited).toBe(true);
    }
    expect(all).toHaveLength(CHAT_HISTORY_LIMIT_FREE);
    expect(all.at(-1)).toBe(`n${CHAT_HISTORY_LIMIT_FREE + 8}`);
    expect(all).not.toContain('oudste');
    // Catching up from before the limit gives no hidden message either.
    const caught = await history(free, id, `&after=${first.message.id}`);
    expect(caught.messages).toHaveLength(CHAT_HISTORY_LIMIT_FREE);

    let count = 0;
    let premiumPage = await history(paid, id);
    expect(premiumPage.history_limited).toBe(false);
    for (;;) {
      count += premiumPage.messages.length;
      if (!premiumPage.has_more) break;
      premiumPage = await history(paid, id, `&before=${premiumPage.messages[0]?.id}`);
    }
    expect(count).toBe(CHAT_HISTORY_LIMIT_FREE + 10);
  });
});
