import { and, eq, inArray } from 'drizzle-orm';
import type { PushSubscriptionBody } from '../../../common/api/push';
import type { Db } from '../../db/client';
import { pushSubscriptions } from '../../db/schema';

/** A browser's subscriptions a member may hold at most: old ones beyond it are dropped. */
export const MAX_SUBSCRIPTIONS_PER_MEMBER = 10;

export type StoredSubscription = typeof pushSubscriptions.$inferSelect;

/**
 * Keeps this browser's subscription for the member. The endpoint identifies the browser: when
 * someone else logs in there, the subscription moves to them (pushes follow whoever uses it now).
 */
export async function saveSubscription(db: Db, memberId: number, sub: PushSubscriptionBody): Promise<void> {
  const row = { memberId, endpoint: sub.endpoint, p256dh: sub.keys.p256dh, auth: sub.keys.auth };
  await db.transaction(async (tx) => {
    await tx
      .insert(pushSubscriptions)
      .values(row)
      .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: row });
    const mine = await tx
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.memberId, memberId))
      .orderBy(pushSubscriptions.id);
    const excess = mine.slice(0, Math.max(0, mine.length - MAX_SUBSCRIPTIONS_PER_MEMBER)).map((r) => r.id);
    if (excess.length > 0) await tx.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, excess));
  });
}

/** Removes the member's subscription of this endpoint; true when there was one. */
export async function removeSubscription(db: Db, memberId: number, endpoint: string): Promise<boolean> {
  const gone = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.memberId, memberId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id });
  return gone.length > 0;
}

export async function subscriptionsOf(db: Db, memberIds: number[]): Promise<StoredSubscription[]> {
  if (memberIds.length === 0) return [];
  return db.select().from(pushSubscriptions).where(inArray(pushSubscriptions.memberId, memberIds));
}
