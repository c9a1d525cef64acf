import type { ProfileCard } from '../../common/api/profile';
import { ONLINE_MINUTES } from '../../common/constants';
import { ageOn } from '../../common/rules/age';
import { members, type photos, type profiles } from '../db/schema';
import { mediaUrl } from '../services/storage';

/** The member columns a card needs; select them as `member: cardMember` beside the profile. */
export const cardMember = { paidUser: members.paidUser, lastActiveAt: members.lastActiveAt };

export type CardRow = {
  profile: typeof profiles.$inferSelect;
  regionName: string | null;
  photo: typeof photos.$inferSelect | null;
  member: { paidUser: boolean; lastActiveAt: Date };
};

/**
 * The one place that decides what a viewer sees of a profile card. A premium main photo is shown
 * to a non-premium viewer only as its blurred rendition (DESIGN §4 "Privacy by construction").
 */
export function presentCard(row: CardRow, viewer: { paid: boolean }, now: Date): ProfileCard {
  const { profile, photo } = row;
  const visible = photo && photo.status !== 'rejected' ? photo : null;
  const locked = visible?.premium && !viewer.paid;
  return {
    id: profile.memberId,
    name: profile.name,
    age: ageOn(profile.birthDate, now),
    gender: profile.gender,
    country: profile.country,
    region: row.regionName,
    status: profile.status,
    premium: row.member.paidUser,
    online: now.getTime() - row.member.lastActiveAt.getTime() <= ONLINE_MINUTES * 60_000,
    fictional: profile.fictional,
    main_image: visible
      ? {
          thumb_filename: mediaUrl(locked ? visible.blurredKey : visible.thumbKey),
          filename: mediaUrl(locked ? visible.blurredKey : visible.originalKey),
          status: visible.status,
          match: mediaUrl(locked ? visible.blurredKey : visible.originalKey),
          locked: Boolean(locked),
        }
      : null,
  };
}
