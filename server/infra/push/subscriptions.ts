import { and, eq, gt, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { PushSubscriptionBody } from '../../../common/api/push';
import type { Db } from '../../db/client';
import { pushSubscriptions, sessions } from '../../db/schema';

/** A browser's subscriptions a member may hold at most: old ones beyond it are dropped. */
export const MAX_SUBSCRIPTIONS_PER_MEMBER = 10;

export type StoredSubscription = typeof pushSubscriptions.$inferSelect;

/**
 * Keeps this browser's subscription for the member, bound to the login it came with (the
 * session's token hash): logging out there ends it. The endpoint identifies the browser: when
 * someone else logs in there, the subscription moves to them (pushes follow whoever uses it now).
 * Only the browser itself can move it: it sends the same keys again (the auth secret never leaves
 * it but to us). An endpoint alone, with other keys, stays with its member until they unsubscribe,
 * log out there or the push service drops it; answers false then, and nothing changes.
 */
export async function saveSubscription(
  db: Db,
  memberId: number,
  sessionTokenHash: string,
  sub: PushSubscriptionBody,
): Promise<boolean> {
  const row = {
    memberId,
    sessionTokenHash,
    endpoint: sub.endpoint,
    p256dh: sub.keys.p256dh,
    auth: sub.keys.auth,
  };
  return db.transaction(async (tx) => {
    const saved = await tx
      .insert(pushSubscriptions)
      .values(row)
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: row,
        setWhere: or(
          eq(pushSubscriptions.memberId, memberId),
          and(eq(pushSubscriptions.p256dh, row.p256dh), eq(pushSubscriptions.auth, row.auth)),
        ),
      })
      .returning({ id: pushSubscriptions.id });
    if (saved.length === 0) return false;
    const mine = await tx
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.memberId, memberId))
      .orderBy(pushSubscriptions.id);
    const excess = mine.slice(0, Math.max(0, mine.length - MAX_SUBSCRIPTIONS_PER_MEMBER)).map((r) => r.id);
    if (excess.length > 0) await tx.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, excess));
    return true;
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

/** The subscriptions of these members whose login has not expired. */
export async function subscriptionsOf(db: Db, memberIds: number[], now: Date): Promise<StoredSubscription[]> {
  if (memberIds.length === 0) return [];
  const rows = await db
    .select({ sub: pushSubscriptions })
    .from(pushSubscriptions)
    .innerJoin(sessions, eq(sessions.tokenHash, pushSubscriptions.sessionTokenHash))
    .where(and(inArray(pushSubscriptions.memberId, memberIds), gt(sessions.expiresAt, now)));
  return rows.map((r) => r.sub);
}

/** SQL: the member (a column or value) has a browser that gets their pushes now. */
export function hasLiveSubscription(memberId: SQL | SQL.Aliased | unknown, now: Date): SQL {
  return sql`EXISTS (SELECT 1 FROM push_subscriptions ps
    JOIN sessions s ON s.token_hash = ps.session_token_hash
    WHERE ps.member_id = ${memberId} AND s.expires_at > ${now.toISOString()}::timestamptz)`;
}
