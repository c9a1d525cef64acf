import { and, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { LIKES_LIST_CAP, type LikesResponse } from '../../../common/api/likes';
import type { ProfileCard } from '../../../common/api/profile';
import type { Db, Tx } from '../../db/client';
import { likes, members, profiles } from '../../db/schema';
import type { EventBus } from '../../infra/events/bus';
import { hitRate } from '../../infra/rate-limit';
import { ApiError } from '../../plugins/errors';
import { type CardRow, presentCard } from '../../presenters/profile';
import { isPaidMember } from '../accounts/account';
import type { NotificationRecorder } from '../notifications/recorder';
import { canSql } from '../policies/member';
import { cardQuery } from './members';

/**
 * Like and unlike, shared by the profile, the likes list and the swipe game. A member may like
 * whom they may see (the member policy's `like`: anyone they may discover, and their matches and
 * chat partners); a block either way makes the member unknown (404).
 */

/** Likes one member may give per hour: far above what a person taps, far below a script. */
export const LIKES_PER_HOUR = 150;

export async function assertLikeable(db: Db | Tx, likerId: number, likedId: number, siteId: number) {
  if (likerId === likedId) throw new ApiError(400, 'invalid_input', { fields: { member_id: 'self' } });
  const [target] = await db
    .select({ id: members.id })
    .from(members)
    .innerJoin(profiles, eq(profiles.memberId, members.id))
    .where(and(eq(members.id, likedId), canSql('like', { viewer: likerId, site: siteId })));
  if (!target) throw new ApiError(404, 'not_found');
}

/** Counts one like against the member's hourly allowance: 429 once a script runs through it. */
export async function checkLikeRate(db: Db, likerId: number, now: Date) {
  const rate = await hitRate(db, `like:${likerId}`, LIKES_PER_HOUR, 3600, now);
  if (!rate.allowed) throw new ApiError(429, 'too_many_requests', { retry_after: rate.retryAfterSeconds });
}

/** Whether `otherId` likes `memberId`. */
export async function likesBack(db: Db | Tx, memberId: number, otherId: number): Promise<boolean> {
  const [row] = await db
    .select({ one: likes.likerId })
    .from(likes)
    .where(and(eq(likes.likerId, otherId), eq(likes.likedId, memberId)));
  return Boolean(row);
}

/**
 * Likes a member; liking twice changes nothing. Liking back a member who liked you means you have
 * seen their like, so it is no longer new. Answers whether it is now a match, whether the like
 * is new (`fresh`) rather than a repeat, and whether this like made the match (`newMatch`): the
 * liker sees that match moment in the answer, so it is seen for them at once; the other member's
 * stays unseen until they see it (match-moments.ts).
 */
export async function likeMember(db: Db | Tx, likerId: number, likedId: number, siteId: number, now: Date) {
  await assertLikeable(db, likerId, likedId, siteId);
  const inserted = await db
    .insert(likes)
    .values({ likerId, likedId, createdAt: now })
    .onConflictDoNothing()
    .returning({ one: likes.likerId });
  const back = await db
    .update(likes)
    .set({ seenAt: sql`coalesce(${likes.seenAt}, ${now.toISOString()}::timestamptz)` })
    .where(and(eq(likes.likerId, likedId), eq(likes.likedId, likerId)))
    .returning({ one: likes.likerId });
  const newMatch = inserted.length > 0 && back.length > 0;
  if (newMatch)
    await db
      .update(likes)
      .set({ matchSeenAt: now })
      .where(and(eq(likes.likerId, likerId), eq(likes.likedId, likedId)));
  return {
    like: { member_id: likedId, liked: true, match: back.length > 0 },
    fresh: inserted.length > 0,
    newMatch,
  };
}

/**
 * After commit: the liked member hears of the like (and whether it is a match) at once; a new like
 * (`fresh`, not a repeat) also goes to their notification outbox.
 */
export function publishLike(
  services: { events: EventBus; notifications: NotificationRecorder },
  likerId: number,
  like: { member_id: number; match: boolean },
  fresh: { at: Date } | null,
) {
  services.events.publish(like.member_id, { type: 'like', member_id: likerId, match: like.match });
  if (fresh) services.notifications.record(like.member_id, 'like', likerId, fresh.at);
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
    .where(and(eq(likes.likerId, likerId), eq(likes.likedId, viewerId), isNull(likes.seenAt)));
}

/** Blocking ends every like between the two members, both ways. */
export async function deleteLikesBetween(db: Db | Tx, a: number, b: number) {
  await db.delete(likes).where(and(eq(likes.likerId, a), eq(likes.likedId, b)));
  await db.delete(likes).where(and(eq(likes.likerId, b), eq(likes.likedId, a)));
}

/**
 * The members on the other end of the viewer's likes that the viewer may still see (the member
 * policy's `like`): a like of a deleted member, of someone behind a block or of an invisible member
 * who is no match or chat partner of the viewer's is not shown.
 */
function visibleOther(viewerId: number, siteId: number, other: typeof likes.likerId | typeof likes.likedId) {
  return and(eq(members.id, other), canSql('like', { viewer: viewerId, site: siteId }));
}

/**
 * GET /api/likes.php: the newest LIKES_LIST_CAP likes each way. Received likes come new (unseen)
 * first, then newest; each part is read newest first along the (liked_id, created_at) index.
 */
export async function likesOverview(
  db: Db,
  viewerId: number,
  siteId: number,
  now: Date,
): Promise<LikesResponse> {
  const receivedPart = (unseen: boolean, limit: number) =>
    db
      .select({ id: likes.likerId })
      .from(likes)
      .innerJoin(members, eq(members.id, likes.likerId))
      .innerJoin(profiles, eq(profiles.memberId, likes.likerId))
      .where(
        and(
          eq(likes.likedId, viewerId),
          unseen ? isNull(likes.seenAt) : isNotNull(likes.seenAt),
          visibleOther(viewerId, siteId, likes.likerId),
        ),
      )
      .orderBy(desc(likes.createdAt), desc(likes.likerId))
      .limit(limit);
  const fresh = await receivedPart(true, LIKES_LIST_CAP);
  const seen = fresh.length < LIKES_LIST_CAP ? await receivedPart(false, LIKES_LIST_CAP - fresh.length) : [];
  const given = await db
    .select({ id: likes.likedId })
    .from(likes)
    .innerJoin(members, eq(members.id, likes.likedId))
    .innerJoin(profiles, eq(profiles.memberId, likes.likedId))
    .where(and(eq(likes.likerId, viewerId), visibleOther(viewerId, siteId, likes.likedId)))
    .orderBy(desc(likes.createdAt), desc(likes.likedId))
    .limit(LIKES_LIST_CAP);

  const ids = [...new Set([...fresh, ...seen, ...given].map((r) => r.id))];
  const paid = await isPaidMember(db, viewerId);
  const rows =
    ids.length > 0 ? ((await cardQuery(db).where(inArray(profiles.memberId, ids))) as CardRow[]) : [];
  const cards = new Map(rows.map((row) => [row.profile.memberId, presentCard(row, { paid }, now)]));
  // Received first, then given, each in its own order: the screen can show a tab without sorting.
  const profilesInOrder = ids.map((id) => cards.get(id)).filter((c): c is ProfileCard => Boolean(c));
  return {
    profiles: profilesInOrder,
    liked_by: [
      ...fresh.map((r) => ({ id: r.id, like_new: true })),
      ...seen.map((r) => ({ id: r.id, like_new: false })),
    ],
    likes: given.map((r) => r.id),
  };
}

/**
 * GET /api/auto-like.php: the newest like the viewer has not seen, from a member the viewer may
 * see, or null. Showing it marks it seen, so the modal never shows the same like twice; the update
 * only takes a like that is still unseen, so two tabs asking at once get it only once.
 */
export async function takeUnseenLike(
  db: Db,
  viewerId: number,
  siteId: number,
  now: Date,
): Promise<ProfileCard | null> {
  const [candidate] = await db
    .select({ id: likes.likerId })
    .from(likes)
    .innerJoin(members, eq(members.id, likes.likerId))
    .innerJoin(profiles, eq(profiles.memberId, likes.likerId))
    .where(
      and(eq(likes.likedId, viewerId), isNull(likes.seenAt), visibleOther(viewerId, siteId, likes.likerId)),
    )
    .orderBy(desc(likes.createdAt), desc(likes.likerId))
    .limit(1);
  if (!candidate) return null;
  const taken = await db
    .update(likes)
    .set({ seenAt: now })
    .where(and(eq(likes.likerId, candidate.id), eq(likes.likedId, viewerId), isNull(likes.seenAt)))
    .returning({ id: likes.likerId });
  if (taken.length === 0) return null;
  const [row] = await cardQuery(db).where(eq(profiles.memberId, candidate.id));
  return row ? presentCard(row as CardRow, { paid: await isPaidMember(db, viewerId) }, now) : null;
}
