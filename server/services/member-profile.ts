import { and, eq, sql } from 'drizzle-orm';
import type { MemberProfile } from '../../common/api/member';
import type { SiteSettings } from '../../common/api/settings';
import type { Db } from '../db/client';
import { prepared } from '../db/prepared';
import { blocks, likes, members, photos, profileInterests, profiles } from '../db/schema';
import { ApiError } from '../plugins/errors';
import { type ProfilePhoto, presentMemberProfile } from '../presenters/member-profile';
import type { CardRow } from '../presenters/profile';
import { markLikeSeen } from './likes';
import { cardQuery } from './members';
import { discoverable } from './visibility';

const viewer = sql.placeholder('viewer');
const member = sql.placeholder('member');
const site = sql.placeholder('site');

/**
 * The profile view in one round trip, prepared once per database (db/prepared.ts): the card, the
 * viewer's side (premium, likes and block) and the approved photos in overview order. `own` picks
 * the rule of who may open it.
 */
function profileQuery(db: Db, own: boolean) {
  return prepared(db, own ? 'member_profile_own' : 'member_profile', (d, name) => {
    const relations = {
      viewerPaid: sql<boolean>`coalesce((select v.paid_user from ${members} v where v.id = ${viewer}), false)`,
      liked: sql<boolean>`exists (select 1 from ${likes} where ${likes.likerId} = ${viewer} and ${likes.likedId} = ${member})`,
      // null: no like from them; true: a like the viewer has not seen yet.
      likeNew: sql<
        boolean | null
      >`(select ${likes.seenAt} is null from ${likes} where ${likes.likerId} = ${member} and ${likes.likedId} = ${viewer})`,
      blocked: sql<boolean>`exists (select 1 from ${blocks} where ${blocks.blockerId} = ${viewer} and ${blocks.blockedId} = ${member})`,
      interestIds: sql<
        number[]
      >`array(select ${profileInterests.interestId} from ${profileInterests} where ${profileInterests.memberId} = ${member} order by 1)`,
      // The columns the presenter reads (presenters/member-profile.ts), keyed as Drizzle names them.
      photos: sql<ProfilePhoto[]>`coalesce((select json_agg(json_build_object(
        'id', ph.id, 'premium', ph.premium, 'originalKey', ph.original_key,
        'thumbKey', ph.thumb_key, 'blurredKey', ph.blurred_key) order by ph.position, ph.id)
        from ${photos} ph where ph.member_id = ${member} and ph.status = 'approved'), '[]')`,
    };
    const blockedByThem = sql`exists (select 1 from ${blocks} where ${blocks.blockerId} = ${member} and ${blocks.blockedId} = ${viewer})`;
    return cardQuery(d, relations)
      .where(
        and(
          eq(profiles.memberId, member),
          own ? eq(profiles.siteId, site) : and(discoverable(site), sql`not ${blockedByThem}`),
        ),
      )
      .prepare(name);
  });
}

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
  const [row] = await profileQuery(db, own).execute({
    viewer: viewerId ?? 0,
    member: memberId,
    site: opts.siteId,
  });
  if (!row) throw new ApiError(404, 'not_found');
  // Opening the profile of someone who likes the viewer is seeing that like (SPEC §2, issue 4).
  if (viewerId !== null && row.likeNew === true) await markLikeSeen(db, viewerId, memberId, now);
  return presentMemberProfile(
    {
      card: row as CardRow,
      photos: row.photos,
      interestIds: (row.interestIds ?? []).map(Number),
      relation: { liked: row.liked, likes_you: row.likeNew !== null, blocked: row.blocked, own },
      // Members see all of their own photos, as the media route lets them load them.
      viewer: { paid: row.viewerPaid || own },
      settings: opts.settings,
    },
    now,
  );
}
