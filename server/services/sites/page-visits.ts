import type { TrackingValues } from '../../../common/api/signup';
import { landerOf } from '../../../common/rules/landers';
import type { Db } from '../../db/client';
import { pageVisits } from '../../db/schema';
import { hitRate } from '../../infra/rate-limit';

/**
 * Visits counted per hour. One browser logs one per session, so a few; one address is shared by
 * whole offices and a mobile carrier's customers, so its ceiling is high, and it is what holds a
 * flood (whatever visitor ids it makes up) to a bounded number of rows.
 */
export const VISITS_PER_VISITOR_PER_HOUR = 10;
export const VISITS_PER_ADDRESS_PER_HOUR = 2_000;

/**
 * Logs a visitor's landing (the first page of a visit) with its traffic source, so that visits,
 * bounces and signups can be reported per network and lander. False when a limit left it out.
 */
export async function recordVisit(
  db: Db,
  input: { siteId: number; path: string; tracking: TrackingValues; address: string; visitor?: string },
  now: Date,
): Promise<boolean> {
  // Beyond a limit the visit is just not counted: a browser is never told off for it (its console
  // would show an error on a landing page), and a flood learns nothing from the answer.
  if (input.visitor) {
    const mine = await hitRate(db, `visit:id:${input.visitor}`, VISITS_PER_VISITOR_PER_HOUR, 3600, now);
    if (!mine.allowed) return false;
  }
  const shared = await hitRate(db, `visit:${input.address}`, VISITS_PER_ADDRESS_PER_HOUR, 3600, now);
  if (!shared.allowed) return false;
  const t = input.tracking;
  await db.insert(pageVisits).values({
    siteId: input.siteId,
    path: input.path,
    lander: landerOf(input.path),
    network: t.network || null,
    ref: t.ref || null,
    sub1: t.sub1 || null,
    sub2: t.sub2 || null,
    sub3: t.sub3 || null,
    createdAt: now,
  });
  return true;
}
