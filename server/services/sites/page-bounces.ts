import { landerOf } from '../../../common/rules/landers';
import type { Db } from '../../db/client';
import { pageBounces } from '../../db/schema';
import { hitRate } from '../../infra/rate-limit';
import { ApiError } from '../../plugins/errors';

/** Page bounces one address may log per hour: enough for a person, not for a flood of rows. */
export const BOUNCES_PER_HOUR = 30;

/** Logs a page bounce (the `lb` query), at most BOUNCES_PER_HOUR per address. */
export async function recordBounce(
  db: Db,
  input: { siteId: number; memberId: number | null; path: string; network?: string; address: string },
  now: Date,
) {
  const rate = await hitRate(db, `bounce:${input.address}`, BOUNCES_PER_HOUR, 3600, now);
  if (!rate.allowed) throw new ApiError(429, 'too_many_requests', { retry_after: rate.retryAfterSeconds });
  await db.insert(pageBounces).values({
    siteId: input.siteId,
    memberId: input.memberId,
    path: input.path,
    lander: landerOf(input.path),
    network: input.network ?? null,
    createdAt: now,
  });
}
