import type { TrackingValues } from '../../../common/api/signup';
import { landerOf } from '../../../common/rules/landers';
import type { Db } from '../../db/client';
import { pageVisits } from '../../db/schema';
import { hitRate } from '../../infra/rate-limit';
import { ApiError } from '../../plugins/errors';

/** Visits one address may log per hour: a person opens a few, a flood of rows is refused. */
export const VISITS_PER_HOUR = 60;

/**
 * Logs a visitor's landing (the first page of a visit) with its traffic source, so that visits,
 * bounces and signups can be reported per network and lander.
 */
export async function recordVisit(
  db: Db,
  input: { siteId: number; path: string; tracking: TrackingValues; address: string },
  now: Date,
) {
  const rate = await hitRate(db, `visit:${input.address}`, VISITS_PER_HOUR, 3600, now);
  if (!rate.allowed) throw new ApiError(429, 'too_many_requests', { retry_after: rate.retryAfterSeconds });
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
}
