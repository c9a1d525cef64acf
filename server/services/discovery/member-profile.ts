import { and, eq, sql } from 'drizzle-orm';
import type { MemberProfile } from '../../../common/api/member';
import type { SiteSettings } from '../../../common/api/settings';
import type { Db } from '../../db/client';
import { prepared } from '../../db/prepared';
import { likes, photos, profileInterests, profiles } from '../../db/schema';
import { type ProfilePhoto, presentMemberProfile } from '../../presenters/member-profile';
import type { CardRow } from '../../presenters/profile';
import { memberForTokenHash, recordActivity, sessionMember } from '../accounts/sessions';
import { canSql, partSql } from '../policies/member';
import { markLikeSeen } from './likes';
import { cardQuery } from './members';

const member = sql.placeholder('member');
const site = sql.placeholder('site');

/**
 * The profile view in one round trip, prepared once per database (db/prepared.ts): the viewer by
 * the session rule of services/accounts/sessions.ts (none for a visitor or an invalid token), the card, the
 * viewer's side (premium photos, likes) and the approved photos in overview order. Only a profile the
 * viewer may open (the member policy's `open`) is found at all.
 */
function profileQuery(db: Db) {
  return prepared(db, 'member_profile', (d, name) => {
    const session = sessionMember(d).as('viewer');
    const viewer = session.memberId;
    const relations = {
      viewerId: viewer,
      viewerActiveAt: session.lastActiveAt,
      unlocked: sql<boolean>`coalesce(${partSql('unlocked', { viewer, site })}, false)`,
      liked: sql<boolean>`exists (select 1 from ${likes} where ${likes.likerId} = ${viewer} and ${likes.likedId} = ${member})`,
      // null: no like from them; true: a like the viewer has not seen yet.
      likeNew: sql<
        boolean | null
      >`(select ${likes.seenAt} is null from ${likes} where ${likes.likerId} = ${member} and ${likes.likedId} = ${viewer})`,
      interestIds: sql<
        number[]
      >`array(select ${profileInterests.interestId} from ${profileInterests} where ${profileInterests.memberId} = ${member} order by 1)`,
      // The columns the presenter reads (presenters/member-profile.ts), keyed as Drizzle names them.
      photos: sql<ProfilePhoto[]>`coalesce((select json_agg(json_build_object(
        'id', ph.id, 'premium', ph.premium, 'originalKey', ph.original_key,
        'thumbKey', ph.thumb_key, 'blurredKey', ph.blurred_key) order by ph.position, ph.id)
        from ${photos} ph where ph.member_id = ${member} and ph.status = 'approved'), '[]')`,
    };
    return cardQuery(d, relations)
      .leftJoin(session, sql`true`)
      .where(and(eq(profiles.memberId, member), canSql('open', { viewer, site })))
      .prepare(name);
  });
}

/**
 * One member's profile for the profile view, and who asks (`viewerId`, null for a visitor): the
 * request's session is read in the same query. Who may open it is the member policy's `open`
 * (services/policies/member.ts): the viewer's own profile; anyone the viewer may discover; a match
 * or chat partner who went invisible or was hidden by reports. Behind a block, either way, the
 * member is unknown (null, a 404): the blocker lifts a block in their block list.
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
  // Opening the profile of someone who likes the viewer is seeing that like.
  if (viewerId !== null && row.likeNew === true) await markLikeSeen(db, viewerId, memberId, now);
  const profile = presentMemberProfile(
    {
      card: row as CardRow,
      photos: row.photos,
      interestIds: (row.interestIds ?? []).map(Number),
      relation: { liked: row.liked, likes_you: row.likeNew !== null, own },
      // The owner and premium members see the premium photos, as the media route lets them load them.
      viewer: { paid: row.unlocked },
      settings: opts.settings,
    },
    now,
  );
  return { viewerId, profile };
}
