import { and, asc, eq, isNull } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ProfileCard } from '../../../common/api/profile';
import type { Db } from '../../db/client';
import { likes, members, profiles } from '../../db/schema';
import { ApiError } from '../../plugins/errors';
import { type CardRow, presentCard } from '../../presenters/profile';
import { isPaidMember } from '../accounts/account';
import { canSql } from '../policies/member';
import { cardQuery } from './members';

/**
 * The match moment: the full-screen "It's a match" each member of a new match sees once. The member
 * whose like made the match sees it in that like's answer; the other sees it live (the `like` event
 * with `match`) or on their next visit. Whether a member saw it is their own like's `matchSeenAt`,
 * so it is kept on the server and shows once across devices.
 */

const back = alias(likes, 'back');

/** A card of `otherId` as `viewerId` may see it (premium photos blurred for a non-paid viewer). */
export async function matchCard(
  db: Db,
  viewerId: number,
  otherId: number,
  now: Date,
): Promise<ProfileCard | null> {
  const [row] = await cardQuery(db).where(eq(profiles.memberId, otherId));
  return row ? presentCard(row as CardRow, { paid: await isPaidMember(db, viewerId) }, now) : null;
}

/**
 * GET /api/match-moment.php: the viewer's oldest match whose moment they have not seen, with a member
 * they may still see (a block ends the likes, and with them the match), or null.
 */
export async function unseenMatchMoment(
  db: Db,
  viewerId: number,
  siteId: number,
  now: Date,
): Promise<ProfileCard | null> {
  const [match] = await db
    .select({ id: likes.likedId })
    .from(likes)
    .innerJoin(back, and(eq(back.likerId, likes.likedId), eq(back.likedId, likes.likerId)))
    .innerJoin(members, eq(members.id, likes.likedId))
    .innerJoin(profiles, eq(profiles.memberId, likes.likedId))
    .where(
      and(
        eq(likes.likerId, viewerId),
        isNull(likes.matchSeenAt),
        canSql('like', { viewer: viewerId, site: siteId }),
      ),
    )
    .orderBy(asc(back.createdAt), asc(likes.likedId))
    .limit(1);
  return match ? matchCard(db, viewerId, match.id, now) : null;
}

/**
 * POST /api/match-moment.php: the viewer saw the moment of their match with `otherId`. Only the
 * viewer's own like is touched; without a match between the two it is not found (404). Marking it
 * again changes nothing.
 */
export async function markMatchMomentSeen(db: Db, viewerId: number, otherId: number, now: Date) {
  const [match] = await db
    .select({ one: likes.likerId })
    .from(likes)
    .innerJoin(back, and(eq(back.likerId, likes.likedId), eq(back.likedId, likes.likerId)))
    .where(and(eq(likes.likerId, viewerId), eq(likes.likedId, otherId)));
  if (!match) throw new ApiError(404, 'not_found');
  await db
    .update(likes)
    .set({ matchSeenAt: now })
    .where(and(eq(likes.likerId, viewerId), eq(likes.likedId, otherId), isNull(likes.matchSeenAt)));
  return { member_id: otherId, seen: true as const };
}
