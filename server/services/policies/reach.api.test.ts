import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import type { ServerEvent } from '../../../common/api/events';
import { blocks, conversationMembers, members } from '../../db/schema';
import { type TestApp, testApp } from '../../test/app';
import { type ChatMember, chatHarness } from '../../test/chat';
import { listen, openSocket, type TestSocket } from '../../test/socket';

/**
 * Who may see and reach whom, in the cases that once went wrong: a block that still let the blocked
 * member open the blocker's chat and sent them read receipts, invisible mode that shut out the
 * member's own contacts, and a profile hidden by reports that could still be written to as a new
 * chat. The whole table of viewers and targets is matrix.api.test.ts.
 */

let t: TestApp;
let port: number;
const clock = { now: new Date() };
const sockets: TestSocket[] = [];
beforeAll(async () => {
  t = await testApp({ now: () => clock.now });
  ({ port } = await listen(t.app));
});
afterEach(async () => {
  await Promise.all(sockets.splice(0).map((s) => s.close()));
});
afterAll(() => t?.close());

const { call, member, send, listen: hear } = chatHarness(() => t, clock);

async function socketOf(who: ChatMember) {
  const socket = await openSocket(port, { cookie: who.cookie });
  sockets.push(socket);
  return socket;
}

async function started(from: ChatMember, to: ChatMember) {
  const res = await send(from, { member_id: to.id });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().message.conversation_id as number;
}

const status = async (who: ChatMember, url: string) => (await call('GET', url, who.cookie)).statusCode;
const block = (blocker: ChatMember, blocked: ChatMember) =>
  call('POST', '/api/blocks.php', blocker.cookie, { member_id: blocked.id });

describe('a block', () => {
  test('the blocked member gets a 404 for the old chat, by member and by conversation, and its history', async () => {
    const a = await member({ photo: {} });
    const b = await member({ photo: {} });
    const id = await started(a, b);
    expect((await block(b, a)).statusCode).toBe(200);
    expect(await status(a, `/api/chat.php?member_id=${b.id}`)).toBe(404);
    expect(await status(a, `/api/chat.php?id=${id}`)).toBe(404);
    expect(await status(a, `/api/messages.php?conversation_id=${id}`)).toBe(404);
    expect(await status(a, `/api/member.php?id=${b.id}`)).toBe(404);
    // The blocker sees the blocked member in the block list only.
    expect(await status(b, `/api/chat.php?member_id=${a.id}`)).toBe(404);
    expect(await status(b, `/api/chat.php?id=${id}`)).toBe(404);
    expect(await status(b, `/api/member.php?id=${a.id}`)).toBe(404);
    // A send is refused as to a member that does not exist, both ways.
    for (const [from, to] of [
      [a, { conversation_id: id }],
      [a, { member_id: b.id }],
      [b, { member_id: a.id }],
    ] as const) {
      const res = await send(from, to);
      expect([res.statusCode, res.json().error]).toEqual([404, 'not_found']);
    }
  });

  test('no read receipt and no typing reach the blocker, by socket or by HTTP', async () => {
    const a = await member();
    const b = await member();
    const id = await started(b, a);
    const lastId = (await send(b, { conversation_id: id })).json().message.id as number;
    expect((await block(b, a)).statusCode).toBe(200);
    // The blocked member's side is removed by the block; even had it not been, the block decides.
    await t.db
      .update(conversationMembers)
      .set({ removed: false })
      .where(and(eq(conversationMembers.conversationId, id), eq(conversationMembers.memberId, a.id)));
    const heardB = hear(b.id);
    const put = await call('PUT', '/api/chat.php', a.cookie, {
      conversation: { id },
      last_read_message_id: lastId,
    });
    expect(put.statusCode).toBe(404);
    const socket = await socketOf(a);
    socket.send({ type: 'read', conversation_id: id, last_read_message_id: lastId });
    socket.send({ type: 'typing', conversation_id: id });
    // A frame answered after them: by then the read and typing frames were handled.
    socket.send({ type: 'send', client_id: crypto.randomUUID(), conversation_id: id, body: 'x' });
    await socket.next('send_error');
    expect(heardB.filter((e: ServerEvent) => e.type === 'read' || e.type === 'typing')).toEqual([]);
  });

  test('a read in a chat the member removed is not announced', async () => {
    const a = await member();
    const b = await member();
    const id = await started(b, a);
    const lastId = (await send(b, { conversation_id: id })).json().message.id as number;
    await call('DELETE', '/api/chat.php', a.cookie, { conversation: { id } });
    const heardB = hear(b.id);
    const put = await call('PUT', '/api/chat.php', a.cookie, {
      conversation: { id },
      last_read_message_id: lastId,
    });
    expect(put.statusCode).toBe(404);
    expect(heardB).toEqual([]);
  });

  test('the showcase leaves the blocker out for the blocked member, and the blocked one for the blocker', async () => {
    // The most recently active of all, so both are on the first page.
    const a = await member({ photo: {}, lastActiveAt: new Date(clock.now.getTime() + 7_200_000) });
    const b = await member({ photo: {}, lastActiveAt: new Date(clock.now.getTime() + 7_300_000) });
    const ids = async (who: ChatMember) =>
      (
        await t.app.inject({
          url: '/api/showcase.php?count=24',
          headers: { host: 'main.test', cookie: `${who.cookie}; country=NL` },
        })
      )
        .json()
        .profiles.map((p: { id: number }) => p.id) as number[];
    expect(await ids(a)).toContain(b.id);
    expect(await ids(b)).toContain(a.id);
    await t.db.insert(blocks).values({ blockerId: b.id, blockedId: a.id });
    expect(await ids(a)).not.toContain(b.id);
    expect(await ids(b)).not.toContain(a.id);
  });
});

describe('invisible mode', () => {
  test('an existing match and an existing chat partner still open the profile and keep chatting', async () => {
    const shy = await member({ photo: {} });
    const partner = await member();
    const match = await member();
    const stranger = await member();
    const id = await started(partner, shy);
    for (const [a, b] of [
      [match, shy],
      [shy, match],
    ] as const)
      expect((await call('POST', '/api/likes.php', a.cookie, { member_id: b.id })).statusCode).toBe(200);
    expect((await call('PUT', '/api/account.php', shy.cookie, { invisible: true })).statusCode).toBe(200);

    expect(await status(partner, `/api/member.php?id=${shy.id}`)).toBe(200);
    expect(await status(match, `/api/member.php?id=${shy.id}`)).toBe(200);
    expect(await status(stranger, `/api/member.php?id=${shy.id}`)).toBe(404);
    // (Seen: the match opened the profile just now.)
    expect((await call('GET', '/api/likes.php', match.cookie)).json().liked_by).toEqual([
      { id: shy.id, like_new: false },
    ]);
    expect((await send(partner, { conversation_id: id })).statusCode).toBe(200);
    expect((await send(shy, { conversation_id: id })).statusCode).toBe(200);
    // A match may write first; a stranger may not find the way in.
    expect((await send(match, { member_id: shy.id })).statusCode).toBe(200);
    expect(await status(stranger, `/api/chat.php?member_id=${shy.id}`)).toBe(404);
    // Never shown online, to anyone.
    const detail = await call('GET', `/api/chat.php?id=${id}`, partner.cookie);
    expect(detail.json().chat.profile.online).toBe(false);
  });
});

describe('a profile hidden by reports', () => {
  test('is in no signup matches and cannot be written to as a new chat; its chats go on', async () => {
    // The most recently active: first in the signup matches while shown.
    const hidden = await member({ photo: {}, lastActiveAt: new Date(clock.now.getTime() + 3_600_000) });
    const partner = await member();
    const newcomer = await member({ gender: 'male' });
    const chatId = await started(partner, hidden);
    const matched = async () =>
      (await call('GET', '/api/signup-matches.php', newcomer.cookie))
        .json()
        .profiles.map((p: { id: number }) => p.id) as number[];
    expect(await matched()).toContain(hidden.id);
    await t.db.update(members).set({ hiddenByReports: true }).where(eq(members.id, hidden.id));

    expect(await matched()).not.toContain(hidden.id);
    expect(await status(newcomer, `/api/member.php?id=${hidden.id}`)).toBe(404);
    expect(await status(newcomer, `/api/chat.php?member_id=${hidden.id}`)).toBe(404);
    const first = await send(newcomer, { member_id: hidden.id });
    expect([first.statusCode, first.json().error]).toEqual([404, 'not_found']);
    const socket = await socketOf(newcomer);
    const clientId = crypto.randomUUID();
    socket.send({ type: 'send', client_id: clientId, member_id: hidden.id, body: 'Hoi' });
    expect(await socket.next('send_error', (e) => e.client_id === clientId)).toMatchObject({
      status: 404,
      error: 'not_found',
    });

    expect(await status(partner, `/api/member.php?id=${hidden.id}`)).toBe(200);
    expect(await status(partner, `/api/chat.php?id=${chatId}`)).toBe(200);
    expect((await send(partner, { conversation_id: chatId })).statusCode).toBe(200);
    expect((await send(hidden, { conversation_id: chatId })).statusCode).toBe(200);
  });
});
