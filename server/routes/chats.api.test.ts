import { randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { ChatsResponse, MessagesResponse, SendMessageResponse } from '../../common/api/chats';
import { PHOTO_MAX_BYTES } from '../../common/api/photos';
import { creditLedger, members } from '../db/schema';
import { type TestApp, testApp } from '../test/app';
import { chatHarness } from '../test/chat';
import { keyOf, storedKeys, testImage } from '../test/photos';
import { chatFrameHandlers } from './chat-frames';

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
const chats = async (who: { cookie: string }) => {
  const res = await call('GET', '/api/chats.php', who.cookie);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as ChatsResponse).chats;
};
const history = async (who: { cookie: string }, id: number) => {
  const res = await call('GET', `/api/messages.php?conversation_id=${id}`, who.cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as MessagesResponse;
};

describe('the chat list', () => {
  test('most recent first, with the other member, unread count, last message and read receipts', async () => {
    const me = await member({ name: 'Mila' });
    const b = await member({ name: 'Bas', photo: {} });
    const c = await member({ name: 'Cor' });
    const toB = await ok(await send(me, { member_id: b.id }, { body: 'Hoi Bas' }));
    const fromC = await ok(await send(c, { member_id: me.id }, { body: 'Hoi Mila' }));
    await ok(await send(c, { member_id: me.id }, { body: 'Ben je er?' }));

    const list = await chats(me);
    expect(list.map((x) => x.profile.name)).toEqual(['Cor', 'Bas']);
    expect(list[0]).toMatchObject({
      conversation: { id: fromC.message.conversation_id },
      num_unread_messages: 2,
      last_message: { body: 'Ben je er?', sender_id: c.id, kind: 'text' },
      other_last_read_message_id: null,
    });
    expect(list[1]).toMatchObject({ num_unread_messages: 0, last_message: { body: 'Hoi Bas' } });
    expect(list[1]?.profile.main_image).not.toBeNull();
    expect((await chats(b))[0]).toMatchObject({ num_unread_messages: 1, profile: { name: 'Mila' } });

    // B reads: B's unread goes to 0, I get the receipt, B's other tabs hear it too.
    const heardMe = listen(me.id);
    const heardB = listen(b.id);
    const read = await call('PUT', '/api/chat.php', b.cookie, {
      conversation: { id: toB.message.conversation_id },
      last_read_message_id: toB.message.id,
    });
    expect(read.statusCode, read.body).toBe(200);
    const receipt = {
      type: 'read',
      conversation_id: toB.message.conversation_id,
      member_id: b.id,
      last_read_message_id: toB.message.id,
    };
    expect(heardMe).toEqual([receipt]);
    expect(heardB).toEqual([receipt]);
    expect((await chats(b))[0]?.num_unread_messages).toBe(0);
    expect((await chats(me)).find((x) => x.profile.id === b.id)?.other_last_read_message_id).toBe(
      toB.message.id,
    );
    const detail = await call('GET', `/api/chat.php?id=${toB.message.conversation_id}`, me.cookie);
    expect(detail.json().chat).toMatchObject({
      other_last_read_message_id: toB.message.id,
      num_unread_messages: 0,
    });
  });

  test('the other member’s card follows the premium photo rules of every card', async () => {
    const free = await member();
    const paid = await member({ paid: true });
    const b = await member({ photo: { premium: true } });
    await ok(await send(b, { member_id: free.id }));
    await ok(await send(b, { member_id: paid.id }));
    expect((await chats(free))[0]?.profile.main_image).toMatchObject({ locked: true });
    expect((await chats(paid))[0]?.profile.main_image).toMatchObject({ locked: false });
  });

  test('reading up to an older message leaves what came after it unread', async () => {
    const a = await member();
    const b = await member();
    const one = await ok(await send(a, { member_id: b.id }));
    await ok(await send(a, { member_id: b.id }));
    await call('PUT', '/api/chat.php', b.cookie, {
      conversation: { id: one.message.conversation_id },
      last_read_message_id: one.message.id,
    });
    expect((await chats(b))[0]?.num_unread_messages).toBe(1);
  });

  test('a chat with a deleted or blocked member leaves the list', async () => {
    const me = await member();
    const gone = await member();
    const blocker = await member();
    await ok(await send(me, { member_id: gone.id }));
    await ok(await send(me, { member_id: blocker.id }));
    expect(await chats(me)).toHaveLength(2);
    await t.db
      .update(members)
      .set({ deletedAt: clock.now, status: 'deleted' })
      .where(eq(members.id, gone.id));
    expect((await chats(me)).map((c) => c.profile.id)).toEqual([blocker.id]);
    const blocked = await call('POST', '/api/blocks.php', blocker.cookie, { member_id: me.id });
    expect(blocked.statusCode, blocked.body).toBe(200);
    expect(await chats(me)).toEqual([]);
    expect(await chats(blocker)).toEqual([]);
  });

  test('GET /api/chat.php by member before the first message; by another member’s id or myself: refused', async () => {
    const a = await member();
    const b = await member({ name: 'Bo' });
    const res = await call('GET', `/api/chat.php?member_id=${b.id}`, a.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().chat).toMatchObject({
      conversation: null,
      profile: { id: b.id, name: 'Bo' },
      num_unread_messages: 0,
      other_last_read_message_id: null,
      cannot_send: null,
      awaiting_my_confirmation: false,
    });
    expect((await call('GET', `/api/chat.php?member_id=${a.id}`, a.cookie)).statusCode).toBe(400);
    expect((await call('GET', '/api/chat.php?member_id=987654321', a.cookie)).statusCode).toBe(404);
    expect((await call('GET', '/api/chat.php?id=987654321', a.cookie)).statusCode).toBe(404);
    expect((await call('GET', '/api/chat.php', a.cookie)).statusCode).toBe(400);
    expect((await call('GET', `/api/chat.php?member_id=${b.id}`, '')).statusCode).toBe(403);
    const sent = await ok(await send(a, { member_id: b.id }));
    const after = await call('GET', `/api/chat.php?member_id=${b.id}`, a.cookie);
    expect(after.json().chat.conversation).toEqual({ id: sent.message.conversation_id });
  });
});

describe('removing chats', () => {
  test('a removed chat leaves my list and its history is hidden for me only; a new message brings it back', async () => {
    const me = await member();
    const b = await member();
    const first = await ok(await send(b, { member_id: me.id }, { body: 'oud' }));
    const id = first.message.conversation_id;
    const heard = listen(me.id);
    const res = await call('DELETE', '/api/chat.php', me.cookie, { conversation: { id } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ removed: [id] });
    expect(heard).toEqual([{ type: 'chat_removed', conversation_id: id }]);
    expect(await chats(me)).toEqual([]);
    expect((await history(me, id)).messages).toEqual([]);
    expect((await history(b, id)).messages.map((m) => m.body)).toEqual(['oud']);
    expect((await chats(b)).map((c) => c.conversation.id)).toEqual([id]);

    await ok(await send(b, { conversation_id: id }, { body: 'nieuw' }));
    const back = await chats(me);
    expect(back).toMatchObject([
      { conversation: { id }, num_unread_messages: 1, last_message: { body: 'nieuw' } },
    ]);
    expect((await history(me, id)).messages.map((m) => m.body)).toEqual(['nieuw']);
  });

  test('removing by member id removes every chat with that member; not mine: 404; bad input: 400', async () => {
    const me = await member();
    const b = await member();
    const sent = await ok(await send(me, { member_id: b.id }));
    const res = await call('DELETE', '/api/chat.php', me.cookie, { member_id: b.id });
    expect(res.json()).toEqual({ removed: [sent.message.conversation_id] });
    expect(await chats(me)).toEqual([]);
    expect((await call('DELETE', '/api/chat.php', me.cookie, { member_id: b.id })).json()).toEqual({
      removed: [sent.message.conversation_id],
    });
    expect(
      (await call('DELETE', '/api/chat.php', me.cookie, { conversation: { id: 987654321 } })).statusCode,
    ).toBe(404);
    expect((await call('DELETE', '/api/chat.php', me.cookie, {})).statusCode).toBe(400);
    expect((await call('DELETE', '/api/chat.php', me.cookie, { conversation: { id: 'x' } })).statusCode).toBe(
      400,
    );
  });

  test('a block removes the chats on both sides and tells both members', async () => {
    const a = await member();
    const b = await member();
    const sent = await ok(await send(a, { member_id: b.id }, { body: 'voor de blokkade' }));
    const id = sent.message.conversation_id;
    const heardA = listen(a.id);
    const heardB = listen(b.id);
    expect((await call('POST', '/api/blocks.php', a.cookie, { member_id: b.id })).statusCode).toBe(200);
    expect(heardA).toEqual([{ type: 'chat_removed', conversation_id: id }]);
    expect(heardB).toEqual([{ type: 'chat_removed', conversation_id: id }]);
    // Behind the block the chat is not found for either of them, nor its history.
    for (const who of [a, b]) {
      expect((await call('GET', `/api/chat.php?id=${id}`, who.cookie)).statusCode).toBe(404);
      expect((await call('GET', `/api/messages.php?conversation_id=${id}`, who.cookie)).statusCode).toBe(404);
    }
    // Lifted: the chat goes on with only what comes after.
    expect((await call('DELETE', '/api/blocks.php', a.cookie, { member_id: b.id })).statusCode).toBe(200);
    await ok(await send(b, { conversation_id: id }, { body: 'na' }));
    expect((await history(a, id)).messages.map((m) => m.body)).toEqual(['na']);
  });
});

describe('likes are published', () => {
  test('the liked member hears of a like, and of a match', async () => {
    const a = await member();
    const b = await member();
    const heardB = listen(b.id);
    const heardA = listen(a.id);
    expect((await call('POST', '/api/likes.php', a.cookie, { member_id: b.id })).statusCode).toBe(200);
    expect(heardB).toEqual([{ type: 'like', member_id: a.id, match: false }]);
    expect((await call('POST', '/api/likes.php', b.cookie, { member_id: a.id })).statusCode).toBe(200);
    expect(heardA).toEqual([{ type: 'like', member_id: b.id, match: true }]);
  });

  test('a like in the swipe game is published too; a pass is not', async () => {
    const a = await member();
    const b = await member();
    const c = await member();
    const heardB = listen(b.id);
    const heardC = listen(c.id);
    const liked = await call('POST', '/api/swipe-game.php', a.cookie, { member_id: b.id, liked: true });
    expect(liked.statusCode, liked.body).toBe(200);
    expect(heardB).toEqual([{ type: 'like', member_id: a.id, match: false }]);
    expect(
      (await call('POST', '/api/swipe-game.php', a.cookie, { member_id: c.id, liked: false })).statusCode,
    ).toBe(200);
    expect(heardC).toEqual([]);
  });
});

/** A photo message as a browser's FormData sends it: the send's fields and one `photo` file. */
function photoMessage(fields: Record<string, string | number>, bytes: Buffer | null, type = 'image/jpeg') {
  const boundary = `----chat${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  if (bytes)
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="photo"\r\nContent-Type: ${type}\r\n\r\n`,
      ),
      bytes,
      Buffer.from('\r\n'),
    );
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe('photo messages', () => {
  const post = (cookie: string, body: ReturnType<typeof photoMessage>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/messages.php',
      headers: { host: 'main.test', 'x-requested-with': 'XMLHttpRequest', cookie, ...body.headers },
      payload: body.payload,
    });

  test('a photo costs photo_credits, is processed like a profile photo, and only the two members load it', async () => {
    const a = await member({ credits: 10 });
    const b = await member();
    const stranger = await member({ paid: true });
    const res = await post(
      a.cookie,
      photoMessage({ client_id: randomUUID(), member_id: b.id, body: 'Kijk!' }, await testImage('jpeg')),
    );
    expect(res.statusCode, res.body).toBe(200);
    const sent = res.json() as SendMessageResponse;
    expect(sent.credits).toBe(8);
    expect(sent.message).toMatchObject({ kind: 'photo', body: 'Kijk!' });
    const [ledger] = await t.db.select().from(creditLedger).where(eq(creditLedger.memberId, a.id));
    expect(ledger).toMatchObject({ delta: -2, reason: 'photo_message' });
    const url = sent.message.photo?.url as string;
    const thumb = sent.message.photo?.thumb_url as string;
    expect(storedKeys(t)).toEqual(expect.arrayContaining([keyOf(url), keyOf(thumb)]));
    const load = (cookie: string, u: string) =>
      t.app.inject({ method: 'GET', url: u, headers: { host: 'main.test', cookie } });
    for (const who of [a, b]) {
      const img = await load(who.cookie, url);
      expect(img.statusCode).toBe(200);
      expect(img.headers['content-type']).toBe('image/webp');
      expect(img.headers['cache-control']).toContain('private');
      expect((await load(who.cookie, thumb)).statusCode).toBe(200);
    }
    expect((await load(stranger.cookie, url)).statusCode).toBe(404);
    expect((await load('', url)).statusCode).toBe(404);
  });

  test('a wrong type, a file too large, no file or not enough credits: refused, nothing kept or charged', async () => {
    const a = await member({ credits: 10 });
    const b = await member();
    const before = storedKeys(t).length;
    const wrong = await post(
      a.cookie,
      photoMessage(
        { client_id: randomUUID(), member_id: b.id },
        await testImage('gif', { width: 40, height: 40 }),
        'image/gif',
      ),
    );
    expect([wrong.statusCode, wrong.json().error]).toEqual([415, 'photo_type']);
    const big = await post(
      a.cookie,
      photoMessage({ client_id: randomUUID(), member_id: b.id }, Buffer.alloc(PHOTO_MAX_BYTES + 10, 1)),
    );
    expect([big.statusCode, big.json().error]).toEqual([413, 'photo_too_large']);
    const none = await post(a.cookie, photoMessage({ client_id: randomUUID(), member_id: b.id }, null));
    expect(none.statusCode).toBe(400);
    const badField = await post(
      a.cookie,
      photoMessage({ client_id: 'x', member_id: b.id }, await testImage('png')),
    );
    expect(badField.statusCode).toBe(400);
    await t.db.update(members).set({ credits: 1 }).where(eq(members.id, a.id));
    const poor = await post(
      a.cookie,
      photoMessage({ client_id: randomUUID(), member_id: b.id }, await testImage('png')),
    );
    expect([poor.statusCode, poor.json().error]).toEqual([402, 'not_enough_credits']);
    expect(storedKeys(t)).toHaveLength(before);
    expect(await t.db.select().from(creditLedger).where(eq(creditLedger.memberId, a.id))).toEqual([]);
  });
});

describe('socket frames', () => {
  const ctx = (memberId: number) => ({ memberId, siteId: 0, locale: 'nl' as const });
  const siteId = async () => (await t.app.services.sites.resolve('main.test')).id;

  test('send acknowledges with the saved message and balance; a refusal is the ApiError of the HTTP call', async () => {
    const a = await member({ credits: 2 });
    const b = await member();
    const handlers = chatFrameHandlers;
    const site = await siteId();
    const heardB = listen(b.id);
    const clientId = randomUUID();
    const ack = await handlers.send(
      t.app.services,
      { ...ctx(a.id), siteId: site },
      { type: 'send', client_id: clientId, member_id: b.id, kind: 'text', body: 'via de socket' },
    );
    expect(ack).toMatchObject({
      type: 'ack',
      client_id: clientId,
      credits: 1,
      message: { body: 'via de socket' },
    });
    expect(heardB).toMatchObject([{ type: 'message', message: { client_id: clientId } }]);
    // The same frame again: the same message, charged once.
    const again = await handlers.send(
      t.app.services,
      { ...ctx(a.id), siteId: site },
      { type: 'send', client_id: clientId, member_id: b.id, kind: 'text', body: 'via de socket' },
    );
    expect(again).toEqual(ack);
    await expect(
      handlers.send(
        t.app.services,
        { ...ctx(a.id), siteId: site },
        { type: 'send', client_id: randomUUID(), member_id: a.id, kind: 'text', body: 'x' },
      ),
    ).rejects.toMatchObject({ status: 400, code: 'message_to_self' });
  });

  test('read marks read and tells the other member; typing reaches the other member only, in their own chat', async () => {
    const a = await member();
    const b = await member();
    const stranger = await member();
    const sent = await ok(await send(a, { member_id: b.id }));
    const id = sent.message.conversation_id;
    const handlers = chatFrameHandlers;
    // Read and typing ask who may reach whom on the socket's site.
    const site = await siteId();
    const ctx = (memberId: number) => ({ memberId, siteId: site, locale: 'nl' as const });
    const heardA = listen(a.id);
    const heardB = listen(b.id);
    expect(
      await handlers.typing(t.app.services, ctx(a.id), { type: 'typing', conversation_id: id }),
    ).toBeUndefined();
    expect(heardB).toEqual([{ type: 'typing', conversation_id: id, member_id: a.id }]);
    expect(heardA).toEqual([]);
    await expect(
      handlers.typing(t.app.services, ctx(stranger.id), { type: 'typing', conversation_id: id }),
    ).rejects.toMatchObject({
      status: 404,
    });
    expect(
      await handlers.read(t.app.services, ctx(b.id), {
        type: 'read',
        conversation_id: id,
        last_read_message_id: sent.message.id,
      }),
    ).toBeUndefined();
    expect(heardA).toEqual([
      { type: 'read', conversation_id: id, member_id: b.id, last_read_message_id: sent.message.id },
    ]);
    expect((await chats(b))[0]?.num_unread_messages).toBe(0);
    await expect(
      handlers.read(t.app.services, ctx(stranger.id), {
        type: 'read',
        conversation_id: id,
        last_read_message_id: 1,
      }),
    ).rejects.toMatchObject({ status: 404 });
    // No typing across a block.
    await call('POST', '/api/blocks.php', b.cookie, { member_id: a.id });
    await expect(
      handlers.typing(t.app.services, ctx(a.id), { type: 'typing', conversation_id: id }),
    ).rejects.toMatchObject({
      status: 404,
    });
  });
});
