import type { Services } from '../bag';
import { deliveryFor } from './channel';
import { deliver } from './deliver';
import { likeText, newConversationsText, newMessagesText } from './event-texts';
import { notificationRecipient } from './recipient';
import type { RecordedEvent } from './recorder';

type Log = { error(obj: object, msg: string): void };

/**
 * Pushes the events the recorder just gathered (a message, a like) at once, to members who have
 * push: a push is worth most while it is news, and the device replaces the notification of a chat
 * with its next one, so a burst needs no batching window (mail does: recorder.ts, dispatch.ts).
 * The mail batch of a pushed member then sends nothing: deliveryFor says 'push' there too.
 */
export async function pushEvents(services: Services, events: RecordedEvent[], log: Log): Promise<void> {
  const subscribed = await services.push.subscribed([...new Set(events.map((e) => e.memberId))]);
  // First messages first: a chat that starts with a burst is one push about the new chat.
  const ordered = events
    .filter((e) => subscribed.has(e.memberId))
    .sort((a, b) => Number(b.kind === 'new_conversations') - Number(a.kind === 'new_conversations'));
  const told = new Map<number, Set<number>>();
  for (const event of ordered) {
    try {
      await pushEvent(services, event, told);
    } catch (err) {
      log.error({ err, memberId: event.memberId, kind: event.kind }, 'push failed');
    }
  }
}

async function pushEvent(services: Services, event: RecordedEvent, told: Map<number, Set<number>>) {
  const recipient = await notificationRecipient(services, event.memberId);
  if (!recipient) return;
  const decision = deliveryFor(recipient.state, event.kind, services.now(), recipient.pushSubscribed);
  if (decision.channel !== 'push') return;
  if (event.kind === 'new_conversations') {
    const found = await newConversationsText(services, recipient, event.actors);
    if (!found) return;
    told.set(event.memberId, new Set(found.actors));
    await deliver(services, recipient, event.kind, 'push', found.text);
    return;
  }
  if (event.kind === 'new_messages') {
    const skip = told.get(event.memberId) ?? new Set();
    const text = await newMessagesText(
      services,
      recipient,
      event.actors.filter((a) => !skip.has(a)),
    );
    if (text) await deliver(services, recipient, event.kind, 'push', text);
    return;
  }
  const text = await likeText(services, recipient, event.actors);
  if (text) await deliver(services, recipient, event.kind, 'push', text);
}
