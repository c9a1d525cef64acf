import { and, asc, eq, sql } from 'drizzle-orm';
import type { MemberProfile } from '../../common/api/member';
import type { SiteSettings } from '../../common/api/settings';
import type { Db } from '../db/client';
import { blocks, likes, members, photos, profileInterests, profiles } from '../db/schema';
import { ApiError } from '../plugins/errors';
import { presentMemberProfile } from '../presenters/member-profile';
import type { CardRow } from '../presenters/profile';
import { markLikeSeen } from './likes';
import { cardQuery } from './members';
import { discoverable } from './visibility';

/**
 * One member's profile for the profile view. Who may open it: anyone the viewer may discover on
 * the site (active, visible, active profile) whom no block of theirs keeps from the viewer; the
 * viewer's own profile always. A member who blocked the viewer is unknown to them (404); the
 * member the viewer blocked still opens, marked `blocked`, so the block can be lifted there.
 */
export async function memberProfile(
  db: Db,
  opts: {
    siteId: number;
    viewerId: number | null;
    memberId: number;
    settings: Pick<SiteSettings, 'visible_profile_fields' | 'visible_profile_notes'>;
    now: Date;
  },
): Promise<MemberProfile> {
  const { viewerId, memberId, now } = opts;
  const own = viewerId === memberId;
  // The viewer's side (premium, likes and block) comes in the same round trip as the card.
  const viewer = viewerId ?? 0;
  const relations = {
    viewerPaid: sql<boolean>`coalesce((select v.paid_user from ${members} v where v.id = ${viewer}), false)`,
    liked: sql<boolean>`exists (select 1 from ${likes} where ${likes.likerId} = ${viewer} and ${likes.likedId} = ${memberId})`,
    // null: no like from them; true: a like the viewer has not seen yet.
    likeNew: sql<
      boolean | null
    >`(select ${likes.seenAt} is null from ${likes} where ${likes.likerId} = ${memberId} and ${likes.likedId} = ${viewer})`,
    blocked: sql<boolean>`exists (select 1 from ${blocks} where ${blocks.blockerId} = ${viewer} and ${blocks.blockedId} = ${memberId})`,
    interestIds: sql<
      number[]
    >`array(select ${profileInterests.interestId} from ${profileInterests} where ${profileInterests.memberId} = ${memberId} order by 1)`,
  };
  const blockedByThem = sql`exists (select 1 from ${blocks} where ${blocks.blockerId} = ${memberId} and ${blocks.blockedId} = ${viewer})`;
  const [[row], photoRows] = await Promise.all([
    cardQuery(db, relations).where(
      and(
        eq(profiles.memberId, memberId),
        own ? eq(profiles.siteId, opts.siteId) : and(discoverable(opts.siteId), sql`not ${blockedByThem}`),
      ),
    ),
    db
      .select()
      .from(photos)
      .where(and(eq(photos.memberId, memberId), eq(photos.status, 'approved')))
      .orderBy(asc(photos.position), asc(photos.id)),
  ]);
  if (!row) throw new ApiError(404, 'not_found');
  // Opening the profile of someone who likes the viewer is seeing that like (SPEC §2, issue 4).
  if (viewerId !== null && row.likeNew === true) await markLikeSeen(db, viewerId, memberId, now);
  return presentMemberProfile(
    {
      card: row as CardRow,
      photos: photoRows,
      interestIds: (row.interestIds ?? []).map(Number),
      relation: { liked: row.liked, likes_you: row.likeNew !== null, blocked: row.blocked, own },
      // Members see all of their own photos, as the media route lets them load them.
      viewer: { paid: row.viewerPaid || own },
      settings: opts.settings,
    },
    now,
  );
}
