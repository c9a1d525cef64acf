import type { ProfileCard } from '../../common/api/profile';
import { ONLINE_MINUTES } from '../../common/constants';
import { ageOn } from '../../common/rules/age';
import { members, type photos, type profiles } from '../db/schema';
import { mediaUrl } from '../infra/storage';

/** The member columns a card needs; select them as `member: cardMember` beside the profile. */
export const cardMember = {
  paidUser: members.paidUser,
  lastActiveAt: members.lastActiveAt,
  invisible: members.invisible,
};

export type CardRow = {
  profile: typeof profiles.$inferSelect;
  regionName: string | null;
  photo: typeof photos.$inferSelect | null;
  member: { paidUser: boolean; lastActiveAt: Date; invisible?: boolean };
};

/**
 * The one place that decides which renditions of a photo a viewer may load: a premium photo is
 * shown to a viewer without premium only as its blurred rendition (privacy by
 * construction), so the original's address never reaches them.
 */
export function visiblePhoto(
  photo: Pick<typeof photos.$inferSelect, 'premium' | 'originalKey' | 'thumbKey' | 'blurredKey'>,
  viewer: { paid: boolean },
) {
  const locked = photo.premium && !viewer.paid;
  return {
    thumb_filename: mediaUrl(locked ? photo.blurredKey : photo.thumbKey),
    filename: mediaUrl(locked ? photo.blurredKey : photo.originalKey),
    locked,
  };
}

/** What a viewer sees of a profile card; its main photo follows `visiblePhoto`. */
export function presentCard(row: CardRow, viewer: { paid: boolean }, now: Date): ProfileCard {
  const { profile, photo } = row;
  const visible = photo && photo.status !== 'rejected' ? visiblePhoto(photo, viewer) : null;
  return {
    id: profile.memberId,
    name: profile.name,
    age: ageOn(profile.birthDate, now),
    gender: profile.gender,
    country: profile.country,
    region: row.regionName,
    status: profile.status,
    premium: row.member.paidUser,
    // An invisible member is still reachable in their chats, but never shown online.
    online:
      !row.member.invisible && now.getTime() - row.member.lastActiveAt.getTime() <= ONLINE_MINUTES * 60_000,
    fictional: profile.fictional,
    main_image:
      photo && visible
        ? {
            thumb_filename: visible.thumb_filename,
            filename: visible.filename,
            status: photo.status,
            match: visible.filename,
            locked: visible.locked,
          }
        : null,
  };
}
