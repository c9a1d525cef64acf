import { and, asc, count, desc, eq, gt, gte, lte, notExists, sql } from 'drizzle-orm';
import { SWIPE_STACK_SIZE, type SwipeQuota } from '../../../common/api/swipe-game';
import { MAX_AGE, MIN_AGE, SWIPE_GAME_LIKES_PER_DAY } from '../../../common/constants';
import { GENDERS, type Gender } from '../../../common/profile-options';
import { birthDateRange } from '../../../common/rules/age';
import type { Db, Tx } from '../../db/client';
import { likes, members, photos, profiles, swipes } from '../../db/schema';
import { ApiError } from '../../plugins/errors';
import { type CardRow, presentCard } from '../../presenters/profile';
import { canSql } from '../policies/member';
import { nextSiteMidnight, startOfSiteDay } from '../sites/site-day';
import type { Site } from '../sites/sites';
import { likeMember, likesBack } from './likes';
import { attractedTo } from './match-finder';
import { cardQuery } from './members';

/**
 * The swipe game: a stack of cards of the gender the member seeks; each card is
 * liked or passed once. Likes are limited per site day (midnight in the site's time zone) and
 * counted from the `swipes` rows on the server, so no reload or second tab gives more.
 */

type Ctx = { db: Db; now: () => Date };

/** The genders a member's stack shows: the one they seek, else those their sexuality is drawn to. */
function stackGenders(profile: typeof profiles.$inferSelect): Gender[] {
  if (profile.seekingGender) return [profile.seekingGender];
  return GENDERS.filter((g) => attractedTo(profile.sexuality, profile.gender, g));
}

async function likesToday(db: Db | Tx, memberId: number, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(swipes)
    .where(and(eq(swipes.memberId, memberId), eq(swipes.liked, true), gte(swipes.createdAt, since)));
  return row?.n ?? 0;
}

async function quota(db: Db | Tx, site: Site, memberId: number, now: Date): Promise<SwipeQuota> {
  const used = await likesToday(db, memberId, startOfSiteDay(now, site.settings.time_zone));
  return {
    likes_left: Math.max(0, SWIPE_GAME_LIKES_PER_DAY - used),
    likes_per_day: SWIPE_GAME_LIKES_PER_DAY,
    resets_at: nextSiteMidnight(now, site.settings.time_zone).toISOString(),
  };
}

/**
 * The next cards: discoverable, unblocked members of the sought gender and age in the member's
 * country, not swiped and not liked yet; members with a photo first, then the most recently active.
 */
export async function swipeStack({ db, now }: Ctx, site: Site, memberId: number) {
  const at = now();
  const [me] = await db
    .select({ profile: profiles, paid: members.paidUser })
    .from(profiles)
    .innerJoin(members, eq(members.id, profiles.memberId))
    .where(eq(profiles.memberId, memberId));
  if (!me) return { profiles: [], quota: await quota(db, site, memberId, at) };
  const genders = stackGenders(me.profile);
  const { bornBy, bornAfter } = birthDateRange(
    at,
    me.profile.seekingMinAge ?? MIN_AGE,
    me.profile.seekingMaxAge ?? MAX_AGE,
  );
  const rows = (await cardQuery(db)
    .where(
      and(
        canSql('discover', { viewer: memberId, site: site.id }),
        eq(profiles.country, me.profile.country),
        genders.length === 1 ? eq(profiles.gender, genders[0] as Gender) : undefined,
        lte(profiles.birthDate, bornBy),
        gt(profiles.birthDate, bornAfter),
        notExists(
          db
            .select({ one: sql`1` })
            .from(swipes)
            .where(and(eq(swipes.memberId, memberId), eq(swipes.targetId, profiles.memberId))),
        ),
        notExists(
          db
            .select({ one: sql`1` })
            .from(likes)
            .where(and(eq(likes.likerId, memberId), eq(likes.likedId, profiles.memberId))),
        ),
      ),
    )
    .orderBy(
      asc(sql`(${photos.id} is null or ${photos.status} = 'rejected')`),
      desc(members.lastActiveAt),
      asc(profiles.memberId),
    )
    .limit(SWIPE_STACK_SIZE)) as CardRow[];
  return {
    profiles: rows.map((r) => presentCard(r, { paid: me.paid }, at)),
    quota: await quota(db, site, memberId, at),
  };
}

/**
 * Records a like or a pass. A like also likes the member (as the profile's like button does), in
 * the same transaction, which first locks the swiper's member row: two likes sent at once are
 * counted one after the other, so neither can take a slot the other already took. A like over
 * the day's limit saves nothing. Swiping a card again changes nothing, except that a pass may
 * later become a like.
 */
export async function swipe(
  { db, now }: Ctx,
  site: Site,
  memberId: number,
  targetId: number,
  liked: boolean,
) {
  if (targetId === memberId) throw new ApiError(404, 'not_found');
  const at = now();
  return db.transaction(async (tx) => {
    await tx.select({ id: members.id }).from(members).where(eq(members.id, memberId)).for('update');
    const [target] = await tx
      .select({ id: members.id })
      .from(members)
      .innerJoin(profiles, eq(profiles.memberId, members.id))
      .where(and(eq(members.id, targetId), canSql('discover', { viewer: memberId, site: site.id })));
    if (!target) throw new ApiError(404, 'not_found');
    const [earlier] = await tx
      .select({ liked: swipes.liked })
      .from(swipes)
      .where(and(eq(swipes.memberId, memberId), eq(swipes.targetId, targetId)));

    let match = false;
    let fresh = false;
    let newMatch = false;
    if (liked && !earlier?.liked) {
      const left = await quota(tx, site, memberId, at);
      if (left.likes_left === 0)
        throw new ApiError(429, 'swipe_limit_reached', { resets_at: left.resets_at });
      await tx
        .insert(swipes)
        .values({ memberId, targetId, liked: true, createdAt: at })
        .onConflictDoUpdate({
          target: [swipes.memberId, swipes.targetId],
          set: { liked: true, createdAt: at },
        });
      const done = await likeMember(tx, memberId, targetId, site.id, at);
      match = done.like.match;
      fresh = done.fresh;
      newMatch = done.newMatch;
    } else if (!earlier) {
      await tx.insert(swipes).values({ memberId, targetId, liked: false, createdAt: at });
    } else if (earlier.liked) {
      match = await likesBack(tx, memberId, targetId);
    }
    return {
      swipe: { member_id: targetId, liked: liked || Boolean(earlier?.liked), match },
      quota: await quota(tx, site, memberId, at),
      /** A like given now, not a repeat: the liked member's notification outbox gets it. */
      likedAt: fresh ? at : null,
      /** This like made the match: the answer carries the match moment. */
      newMatch,
    };
  });
}
