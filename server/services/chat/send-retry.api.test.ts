import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { SendMessageResponse } from '../../../common/api/chats';
import { notificationBatches } from '../../db/schema';
import type { EventBus } from '../../infra/events/bus';
import { siteId, type TestApp, testApp } from '../../test/app';
import { chatHarness } from '../../test/chat';
import type { NotificationRecorder } from '../notifications/recorder';
import { sendMessage, toSendInput } from './messages';

const clock = { now: new Date('2026-05-01T12:00:00Z') };
let t: TestApp;
beforeAll(async () => {
  t = await testApp({ now: () => clock.now });
});
afterAll(() => t?.close());

const { member, send, listen } = chatHarness(() => t, clock);

/**
 * The services of an instance that dies right after the commit: the message is written, and
 * nothing of what follows the commit (events, the notification) happens.
 */
function diesAfterCommit() {
  const silent = { publish: () => {}, subscribe: () => () => {} } as unknown as EventBus;
  const forgetful = { record: () => {} } as unknown as NotificationRecorder;
  return { ...t.app.services, events: silent, notifications: forgetful };
}

const batchOf = async (memberId: number) =>
  t.db.select().from(notificationBatches).where(eq(notificationBatches.memberId, memberId));

test.each([
  ['a chat that exists', 'new_messages'],
  ['the first message of a chat', 'new_conversations'],
] as const)(
  'a retried send whose first try died after its commit is delivered and notified once (%s)',
  async (which, kind) => {
    const sender = await member();
    const receiver = await member();
    let to: { conversation_id: number } | { member_id: number } = { member_id: receiver.id };
    if (which === 'a chat that exists') {
      const first = await send(sender, to);
      to = { conversation_id: (first.json() as SendMessageResponse).message.conversation_id };
      await t.app.services.notifications.flush();
      await t.db.delete(notificationBatches).where(eq(notificationBatches.memberId, receiver.id));
    }
    const site = await t.app.services.sites.byId(await siteId(t.db, 'main.test'));
    if (!site) throw new Error('no site');
    const clientId = randomUUID();
    const body = { client_id: clientId, kind: 'text' as const, body: 'Ben je er nog?', ...to };
    clock.now = new Date(clock.now.getTime() + 3000);
    const saved = await sendMessage(diesAfterCommit(), sender.id, site, toSendInput(body));
    await t.app.services.notifications.flush();
    expect(await batchOf(receiver.id)).toEqual([]);

    const heard = listen(receiver.id);
    const retry = await send(sender, to, { client_id: clientId, body: 'Ben je er nog?' });
    expect(retry.statusCode, retry.body).toBe(200);
    expect((retry.json() as SendMessageResponse).message).toEqual(saved.message);
    expect(heard).toEqual([{ type: 'message', message: saved.message }]);
    await t.app.services.notifications.flush();
    const [batch] = await batchOf(receiver.id);
    expect(batch).toMatchObject({ kind, eventCount: 1, actorIds: [sender.id] });

    // Another retry (its answer lost again): the event again, which the browser ignores, and no
    // second notification.
    const again = await send(sender, to, { client_id: clientId, body: 'Ben je er nog?' });
    expect(again.statusCode, again.body).toBe(200);
    expect(heard).toHaveLength(2);
    await t.app.services.notifications.flush();
    expect(await batchOf(receiver.id)).toMatchObject([{ kind, eventCount: 1 }]);
  },
);
