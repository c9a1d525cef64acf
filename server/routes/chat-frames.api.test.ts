import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { members } from '../db/schema';
import { type TestApp, testApp } from '../test/app';
import { chatHarness } from '../test/chat';
import { listen, openSocket } from '../test/socket';

/** The chat over the real socket: the frames reach the chat rules and the answers reach both members. */
const clock = { now: new Date('2026-05-01T12:00:00Z') };
let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await testApp({ now: () => clock.now });
  port = (await listen(t.app)).port;
});
afterAll(() => t?.close());

const { member, call } = chatHarness(() => t, clock);

test('a send over the socket is acknowledged after commit, reaches the other member, and read and typing go back', async () => {
  const a = await member({ credits: 2 });
  const b = await member();
  const [sa, sb] = [
    await openSocket(port, { cookie: a.cookie }),
    await openSocket(port, { cookie: b.cookie }),
  ];
  try {
    const clientId = randomUUID();
    sa.send({ type: 'send', client_id: clientId, member_id: b.id, body: 'Hoi via de socket' });
    const ack = await sa.next('ack', (e) => e.client_id === clientId);
    expect(ack).toMatchObject({ credits: 1, message: { body: 'Hoi via de socket', sender_id: a.id } });
    const arrived = await sb.next('message', (e) => e.message.client_id === clientId);
    expect(arrived.message).toEqual(ack.message);
    const id = ack.message.conversation_id;

    sa.send({ type: 'typing', conversation_id: id });
    expect(await sb.next('typing')).toEqual({ type: 'typing', conversation_id: id, member_id: a.id });
    sb.send({ type: 'read', conversation_id: id, last_read_message_id: ack.message.id });
    expect(await sa.next('read')).toEqual({
      type: 'read',
      conversation_id: id,
      member_id: b.id,
      last_read_message_id: ack.message.id,
    });

    // Refusals carry the HTTP status and error code.
    const self = randomUUID();
    sa.send({ type: 'send', client_id: self, member_id: a.id, body: 'x' });
    expect(await sa.next('send_error', (e) => e.client_id === self)).toMatchObject({
      status: 400,
      error: 'message_to_self',
    });
    await ok(sa, id);
    const poor = randomUUID();
    sa.send({ type: 'send', client_id: poor, conversation_id: id, body: 'nog een' });
    expect(await sa.next('send_error', (e) => e.client_id === poor)).toMatchObject({
      status: 402,
      error: 'not_enough_credits',
    });
    const other = await member();
    const stranger = randomUUID();
    const so = await openSocket(port, { cookie: other.cookie });
    so.send({ type: 'send', client_id: stranger, conversation_id: id, body: 'mag ik meedoen?' });
    expect(await so.next('send_error', (e) => e.client_id === stranger)).toMatchObject({ status: 404 });
    await so.close();
    const [row] = await t.db.select({ credits: members.credits }).from(members).where(eq(members.id, a.id));
    expect(row?.credits).toBe(0);
    // The history over HTTP has exactly the acknowledged messages.
    const page = await call('GET', `/api/messages.php?conversation_id=${id}`, b.cookie);
    expect(page.json().messages).toHaveLength(2);
  } finally {
    await sa.close();
    await sb.close();
  }
});

async function ok(socket: Awaited<ReturnType<typeof openSocket>>, conversationId: number) {
  const clientId = randomUUID();
  socket.send({ type: 'send', client_id: clientId, conversation_id: conversationId, body: 'tweede' });
  return socket.next('ack', (e) => e.client_id === clientId);
}
