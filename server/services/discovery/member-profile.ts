import { and, eq, or, sql } from 'drizzle-orm';
import type { MemberProfile } from '../../../common/api/member';
import type { SiteSettings } from '../../../common/api/settings';
import type { Db } from '../../db/client';
import { prepared } from '../../db/prepared';
import { blocks, likes, members, photos, profileInterests, profiles } from '../../db/schema';
import { type ProfilePhoto, presentMemberProfile } from '../../presenters/member-profile';
import type { CardRow } from '../../presenters/profile';
import { memberForTokenHash, recordActivity, sessionMember } from '../accounts/sessions';
import { markLikeSeen } from './likes';
import { cardQuery } from './members';
import { openableBy } from './visibility';

const member = sql.placeholder('member');
const site = sql.placeholder('site');

/**
 * The profile view in one round trip, prepared once per database (db/prepared.ts): the viewer by
 * the session rule of services/accounts/sessions.ts (none for a visitor or an invalid token), the card, the
 * viewer's side (premium, likes and block) and the approved photos in overview order.
 */
function profileQuery(db: Db) {
  return prepared(db, 'member_profile', (d, name) => {
    const session = sessionMember(d).as('viewer');
    const viewer = session.memberId;
    const relations = {
      viewerId: viewer,
      viewerActiveAt: session.lastActiveAt,
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
    // Who may open it: the viewer's own profile on this site, else a member the viewer may discover
    // (or chats with: visibility.ts openableBy).
    const own = and(eq(viewer, profiles.memberId), eq(profiles.siteId, site));
    return cardQuery(d, relations)
      .leftJoin(session, sql`true`)
      .where(
        and(eq(profiles.memberId, member), or(own, and(openableBy(site, viewer), sql`not ${blockedByThem}`))),
      )
      .prepare(name);
  });
}

/**
 * One member's profile for the profile view, and who asks (`viewerId`, null for a visitor): the
 * request's session is read in the same query. Who may open it: anyone the viewer may discover on
 * the site (active, visible, active profile) whom no block of theirs keeps from the viewer; the
 * viewer's own profile always. A member who blocked the viewer is unknown to them (null, a 404);
 * the member the viewer blocked still opens, marked `blocked`, so the block can be lifted there.
 */
export async function memberProfile(
  db: Db,
  opts: {
    siteId: number;
    /** The hash of the request's session token (sessions.ts `tokenHash`), null for none. */
    tokenHash: string | null;
    memberId: number;
    settings: Pick<SiteSettings, 'visible_profile_fields' | 'visible_profile_notes'>;
    now: Date;
  },
): Promise<{ viewerId: number | null; profile: MemberProfile | null }> {
  const { memberId, now } = opts;
  const [row] = await profileQuery(db).execute({
    // No stored session has the empty hash: a visitor.
    tokenHash: opts.tokenHash ?? '',
    now,
    siteId: opts.siteId,
    member: memberId,
    site: opts.siteId,
  });
  if (!row) {
    // Not visible to whoever asks; who that is still counts (a visitor may not even ask).
    const viewerId = opts.tokenHash ? await memberForTokenHash(db, opts.tokenHash, now, opts.siteId) : null;
    return { viewerId, profile: null };
  }
  const viewerId = row.viewerId;
  if (viewerId !== null && row.viewerActiveAt) await recordActivity(db, viewerId, row.viewerActiveAt, now);
  const own = viewerId === memberId;
  // Opening the profile of someone who likes the viewer is seeing that like (SPEC §2, issue 4).
  if (viewerId !== null && row.likeNew === true) await markLikeSeen(db, viewerId, memberId, now);
  const profile = presentMemberProfile(
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
  return { viewerId, profile };
}
