import { and, eq, sql } from 'drizzle-orm';
import { notificationBatches } from '../../db/schema';
import type { Services } from '../bag';
import { deliveryFor } from './channel';
import { likeText, newConversationsText, newMessagesText } from './event-texts';
import { sendNotificationMail } from './mail';
import { notificationRecipient } from './recipient';

/**
 * The worker of the notification outbox (recorder.ts): every instance runs it; a batch is claimed
 * by deleting it (FOR UPDATE SKIP LOCKED), so each goes to exactly one instance, and events that
 * arrive meanwhile open the next batch. A mail that fails puts its batch back for a retry.
 */

type Batch = typeof notificationBatches.$inferSelect;
type Log = { error(obj: object, msg: string): void };

/** How often each instance looks for due batches. */
export const DISPATCH_INTERVAL_MS = 20_000;
const CLAIM_SIZE = 50;
/** A batch whose mail failed is tried again this much later… */
const RETRY_DELAY_MS = 60_000;
/** …until it is this old: by then the unread-message reminder has taken over. */
const GIVE_UP_AFTER_MS = 6 * 3_600_000;

async function claimDue(services: Services): Promise<Batch[]> {
  const now = services.now().toISOString();
  return services.db
    .delete(notificationBatches)
    .where(
      sql`${notificationBatches.id} IN (SELECT id FROM notification_batches
        WHERE due_at <= ${now}::timestamptz ORDER BY due_at LIMIT ${CLAIM_SIZE} FOR UPDATE SKIP LOCKED)`,
    )
    .returning();
}

/** Members of the recipient's open first-message batch: the mail about that will name them. */
async function openFirstMessages(services: Services, memberId: number): Promise<number[]> {
  const [open] = await services.db
    .select({ actors: notificationBatches.actorIds })
    .from(notificationBatches)
    .where(
      and(eq(notificationBatches.memberId, memberId), eq(notificationBatches.kind, 'new_conversations')),
    );
  return open?.actors ?? [];
}

const bigints = (ids: number[]) =>
  sql`ARRAY[${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )}]::bigint[]`;

/**
 * After the mail about a first message: the messages that followed it in the same burst were
 * told of there, so they leave the recipient's open messages batch (which goes when empty).
 */
async function absorbFollowUps(services: Services, memberId: number, actors: number[]) {
  const mine = and(eq(notificationBatches.memberId, memberId), eq(notificationBatches.kind, 'new_messages'));
  await services.db
    .update(notificationBatches)
    .set({
      actorIds: sql`ARRAY(SELECT a FROM unnest(${notificationBatches.actorIds}) WITH ORDINALITY AS u(a, o)
        WHERE a <> ALL (${bigints(actors)}) ORDER BY o)`,
    })
    .where(mine);
  await services.db
    .delete(notificationBatches)
    .where(and(mine, sql`cardinality(${notificationBatches.actorIds}) = 0`));
}

/** Sends the mail of one claimed batch, or decides there is none to send. */
async function dispatchBatch(services: Services, batch: Batch, told: Map<number, Set<number>>) {
  const recipient = await notificationRecipient(services, batch.memberId);
  if (!recipient) return false;
  // 'push': the event was pushed when it happened (push-events.ts); the batch is for mail only.
  const decision = deliveryFor(recipient.state, batch.kind, services.now(), recipient.pushSubscribed);
  if (decision.channel !== 'email') return false;
  if (batch.kind === 'new_conversations') {
    const found = await newConversationsText(services, recipient, batch.actorIds);
    if (!found) return false;
    await sendNotificationMail(services, recipient, batch.kind, found.text);
    told.set(batch.memberId, new Set(found.actors));
    await absorbFollowUps(services, batch.memberId, found.actors);
    return true;
  }
  if (batch.kind === 'new_messages') {
    const skip = new Set([
      ...(told.get(batch.memberId) ?? []),
      ...(await openFirstMessages(services, batch.memberId)),
    ]);
    const text = await newMessagesText(
      services,
      recipient,
      batch.actorIds.filter((a) => !skip.has(a)),
    );
    if (!text) return false;
    await sendNotificationMail(services, recipient, batch.kind, text);
    return true;
  }
  if (batch.kind === 'like') {
    const text = await likeText(services, recipient, batch.actorIds);
    if (!text) return false;
    await sendNotificationMail(services, recipient, batch.kind, text);
    return true;
  }
  return false;
}

/** Puts a batch whose mail failed back, merged with whatever arrived since, due after the retry delay. */
async function putBack(services: Services, batch: Batch) {
  const now = services.now();
  if (now.getTime() - batch.firstEventAt.getTime() > GIVE_UP_AFTER_MS) return;
  const b = notificationBatches;
  const { id: _claimed, ...rest } = batch;
  await services.db
    .insert(b)
    .values({ ...rest, dueAt: new Date(now.getTime() + RETRY_DELAY_MS) })
    .onConflictDoUpdate({
      target: [b.memberId, b.kind],
      set: {
        eventCount: sql`${b.eventCount} + excluded.event_count`,
        actorIds: sql`ARRAY(SELECT a FROM unnest(${b.actorIds} || excluded.actor_ids) WITH ORDINALITY AS u(a, o)
          GROUP BY a ORDER BY min(o))`,
        firstEventAt: sql`least(${b.firstEventAt}, excluded.first_event_at)`,
        dueAt: sql`least(${b.dueAt}, excluded.due_at)`,
      },
    });
}

/**
 * Sends the mails of every batch that is due. First messages go before further messages of the
 * same member, so that one mail tells of a chat that starts with a burst.
 */
export async function dispatchDueNotifications(
  services: Services,
  log: Log,
): Promise<{ sent: number; batches: number }> {
  const done = { sent: 0, batches: 0 };
  for (;;) {
    const due = await claimDue(services);
    if (due.length === 0) return done;
    done.batches += due.length;
    due.sort((a, b) => Number(b.kind === 'new_conversations') - Number(a.kind === 'new_conversations'));
    const told = new Map<number, Set<number>>();
    for (const batch of due) {
      try {
        if (await dispatchBatch(services, batch, told)) done.sent++;
      } catch (err) {
        log.error({ err, memberId: batch.memberId, kind: batch.kind }, 'notification mail failed');
        await putBack(services, batch).catch((e) =>
          log.error({ err: e }, 'putting a notification back failed'),
        );
      }
    }
    if (due.length < CLAIM_SIZE) return done;
  }
}
