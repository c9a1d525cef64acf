import { and, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import { LIKES_LIST_CAP, type LikesResponse } from '../../../common/api/likes';
import type { ProfileCard } from '../../../common/api/profile';
import type { Db, Tx } from '../../db/client';
import { prepared } from '../../db/prepared';
import { likes, members, profiles } from '../../db/schema';
import type { EventBus } from '../../infra/events/bus';
import { hitRate } from '../../infra/rate-limit';
import { ApiError } from '../../plugins/errors';
import { type CardRow, presentCard } from '../../presenters/profile';
import { isPaidMember, paidMemberSql } from '../accounts/account';
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

const viewerParam = sql`${sql.placeholder('viewer')}::bigint`;
const siteParam = sql`${sql.placeholder('site')}::int`;
/** The parts of the likes list, in the order the screen shows them. */
const PART = { fresh: 0, seen: 1, given: 2 } as const;

/**
 * The likes list's query, prepared once per database (db/prepared.ts) and answered in one round
 * trip: each part is read newest first along its index, at most LIKES_LIST_CAP rows, with the
 * other member's card and whether the viewer has premium. Only members the viewer may still see
 * (the member policy's `like`): a like of a deleted member, of someone behind a block or of an
 * invisible member who is no match or chat partner of the viewer's is not shown.
 */
function likesQuery(db: Db) {
  return prepared(db, 'likes_overview', (d, name) => {
    const extra = (part: number) => ({
      part: sql<number>`${sql.raw(String(part))}`,
      likedAt: likes.createdAt,
      viewerPaid: paidMemberSql(viewerParam),
    });
    const visible = canSql('like', { viewer: viewerParam, site: siteParam });
    const received = (unseen: boolean) =>
      cardQuery(d, extra(unseen ? PART.fresh : PART.seen))
        .innerJoin(likes, eq(likes.likerId, profiles.memberId))
        .where(
          and(
            eq(likes.likedId, viewerParam),
            unseen ? isNull(likes.seenAt) : isNotNull(likes.seenAt),
            visible,
          ),
        )
        .orderBy(desc(likes.createdAt), desc(likes.likerId))
        .limit(LIKES_LIST_CAP);
    const given = cardQuery(d, extra(PART.given))
      .innerJoin(likes, eq(likes.likedId, profiles.memberId))
      .where(and(eq(likes.likerId, viewerParam), visible))
      .orderBy(desc(likes.createdAt), desc(likes.likedId))
      .limit(LIKES_LIST_CAP);
    return unionAll(received(true), received(false), given).prepare(name);
  });
}

/**
 * GET /api/likes.php: the newest LIKES_LIST_CAP likes each way. Received likes come new (unseen)
 * first, then newest.
 */
export async function likesOverview(
  db: Db,
  viewerId: number,
  siteId: number,
  now: Date,
): Promise<LikesResponse> {
  const rows = (await likesQuery(db).execute({ viewer: viewerId, site: siteId })).sort(
    (a, b) =>
      a.part - b.part || b.likedAt.getTime() - a.likedAt.getTime() || b.profile.memberId - a.profile.memberId,
  );
  const fresh = rows.filter((r) => r.part === PART.fresh);
  const seen = rows.filter((r) => r.part === PART.seen).slice(0, LIKES_LIST_CAP - fresh.length);
  const given = rows.filter((r) => r.part === PART.given);
  const paid = rows[0]?.viewerPaid ?? false;
  // One card per member, received first, then given: the screen can show a tab without sorting.
  const cards = new Map<number, ProfileCard>();
  for (const row of [...fresh, ...seen, ...given])
    if (!cards.has(row.profile.memberId))
      cards.set(row.profile.memberId, presentCard(row as CardRow, { paid }, now));
  return {
    profiles: [...cards.values()],
    liked_by: [
      ...fresh.map((r) => ({ id: r.profile.memberId, like_new: true })),
      ...seen.map((r) => ({ id: r.profile.memberId, like_new: false })),
    ],
    likes: given.map((r) => r.profile.memberId),
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
