import type { ProfileCard } from '../../common/api/profile';
import { ageOn } from '../../common/rules/age';
import type { photos, profiles } from '../db/schema';
import { mediaUrl } from '../services/storage';

export type CardRow = {
  profile: typeof profiles.$inferSelect;
  regionName: string | null;
  photo: typeof photos.$inferSelect | null;
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
    main_image: visible
      ? {
          thumb_filename: mediaUrl(locked ? visible.blurredKey : visible.thumbKey),
          filename: mediaUrl(locked ? visible.blurredKey : visible.originalKey),
          status: visible.status,
          match: mediaUrl(locked ? visible.blurredKey : visible.originalKey),
        }
      : null,
  };
}
