import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rateCounters } from '../db/schema';

export type RateResult = { allowed: boolean; count: number; retryAfterSeconds: number };

/**
 * Counts one event for `key` in a fixed window and says whether it is within `limit`. One atomic
 * upsert, in the database, so every instance shares the count (no Redis needed for correctness).
 */
export async function hitRate(
  db: Db,
  key: string,
  limit: number,
  windowSeconds: number,
  now: Date,
): Promise<RateResult> {
  const ends = new Date(now.getTime() + windowSeconds * 1000);
  const expired = sql`${rateCounters.windowEndsAt} <= ${now.toISOString()}::timestamptz`;
  const [row] = await db
    .insert(rateCounters)
    .values({ key, count: 1, windowEndsAt: ends })
    .onConflictDoUpdate({
      target: rateCounters.key,
      set: {
        count: sql`CASE WHEN ${expired} THEN 1 ELSE ${rateCounters.count} + 1 END`,
        windowEndsAt: sql`CASE WHEN ${expired} THEN ${ends.toISOString()}::timestamptz ELSE ${rateCounters.windowEndsAt} END`,
      },
    })
    .returning({ count: rateCounters.count, windowEndsAt: rateCounters.windowEndsAt });
  const count = row?.count ?? 1;
  const retryAfterSeconds = Math.max(
    1,
    Math.ceil(((row?.windowEndsAt ?? ends).getTime() - now.getTime()) / 1000),
  );
  return { allowed: count <= limit, count, retryAfterSeconds };
}

/** How many events `key` has in its current window, without counting one. */
export async function peekRate(
  db: Db,
  key: string,
  now: Date,
): Promise<{ count: number; retryAfterSeconds: number }> {
  const [row] = await db.select().from(rateCounters).where(eq(rateCounters.key, key));
  if (!row || row.windowEndsAt <= now) return { count: 0, retryAfterSeconds: 0 };
  return {
    count: row.count,
    retryAfterSeconds: Math.ceil((row.windowEndsAt.getTime() - now.getTime()) / 1000),
  };
}

/** Forgets a key (a successful login clears its failures). */
export async function clearRate(db: Db, key: string): Promise<void> {
  await db.delete(rateCounters).where(eq(rateCounters.key, key));
}
