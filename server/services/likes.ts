import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { likes, members, profiles } from '../db/schema';
import { ApiError } from '../plugins/errors';
import { discoverable, notBlockedWith } from './visibility';

/**
 * Like and unlike, shared by the profile, the likes list and the swipe game. A member may like
 * anyone they may discover on their site; a block either way makes the member unknown (404).
 */

async function assertLikeable(db: Db, likerId: number, likedId: number, siteId: number) {
  if (likerId === likedId) throw new ApiError(400, 'invalid_input', { fields: { member_id: 'self' } });
  const [target] = await db
    .select({ id: members.id })
    .from(members)
    .innerJoin(profiles, eq(profiles.memberId, members.id))
    .where(and(eq(members.id, likedId), discoverable(siteId), notBlockedWith(likerId, members.id)));
  if (!target) throw new ApiError(404, 'not_found');
}

/** Whether `otherId` likes `memberId`. */
export async function likesBack(db: Db, memberId: number, otherId: number): Promise<boolean> {
  const [row] = await db
    .select({ one: likes.likerId })
    .from(likes)
    .where(and(eq(likes.likerId, otherId), eq(likes.likedId, memberId)));
  return Boolean(row);
}

/** Likes a member; liking twice changes nothing. Answers whether it is now a match. */
export async function likeMember(db: Db, likerId: number, likedId: number, siteId: number) {
  await assertLikeable(db, likerId, likedId, siteId);
  await db.insert(likes).values({ likerId, likedId }).onConflictDoNothing();
  return { member_id: likedId, liked: true, match: await likesBack(db, likerId, likedId) };
}

/** Takes a like back; unliking a member one does not like changes nothing. */
export async function unlikeMember(db: Db, likerId: number, likedId: number) {
  await db.delete(likes).where(and(eq(likes.likerId, likerId), eq(likes.likedId, likedId)));
  return { member_id: likedId, liked: false, match: false };
}

/** The viewer has seen that `likerId` likes them (opening that profile, the like modal). */
export async function markLikeSeen(db: Db, viewerId: number, likerId: number, now: Date) {
  await db
    .update(likes)
    .set({ seenAt: now })
    .where(and(eq(likes.likerId, likerId), eq(likes.likedId, viewerId)));
}

/** Blocking ends every like between the two members, both ways (SPEC §4 "Blocking"). */
export async function deleteLikesBetween(db: Db | Tx, a: number, b: number) {
  await db.delete(likes).where(and(eq(likes.likerId, a), eq(likes.likedId, b)));
  await db.delete(likes).where(and(eq(likes.likerId, b), eq(likes.likedId, a)));
}
