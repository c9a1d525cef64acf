import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';

/** The day a time falls on as the figures count it: UTC, as `YYYY-MM-DD`. */
export const utcDay = (at: Date): string => at.toISOString().slice(0, 10);

/**
 * Marks a member active on the (UTC) day of `now`, for the console's "active members" per day:
 * one row per member and day, so a second call that day changes nothing. The site is
 * the member's own, read in the same statement.
 */
export async function recordActiveDay(db: Pick<Db, 'execute'>, memberId: number, now: Date): Promise<void> {
  await db.execute(sql`
    INSERT INTO active_days (day, member_id, site_id)
    SELECT ${utcDay(now)}::date, id, site_id FROM members WHERE id = ${memberId}
    ON CONFLICT DO NOTHING`);
}
