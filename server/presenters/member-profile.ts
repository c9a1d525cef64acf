import type { MemberPhoto, MemberProfile } from '../../common/api/member';
import type { SiteSettings } from '../../common/api/settings';
import type { photos } from '../db/schema';
import { type CardRow, presentCard, visiblePhoto } from './profile';

/** What the photo overview reads of a photo. */
export type ProfilePhoto = Pick<
  typeof photos.$inferSelect,
  'id' | 'premium' | 'originalKey' | 'thumbKey' | 'blurredKey'
>;

export type Relation = { liked: boolean; likes_you: boolean; blocked: boolean; own: boolean };

/**
 * The profile view: the card, the fields and notes the site shows (the rest is left out, not
 * emptied), and the photo overview, every photo through `visiblePhoto` as the card's main photo is.
 */
export function presentMemberProfile(
  input: {
    card: CardRow;
    photos: ProfilePhoto[];
    interestIds: number[];
    relation: Relation;
    viewer: { paid: boolean };
    settings: Pick<SiteSettings, 'visible_profile_fields' | 'visible_profile_notes'>;
  },
  now: Date,
): MemberProfile {
  const { card, relation, viewer, settings } = input;
  const p = card.profile;
  const shown = new Set(settings.visible_profile_fields);
  const field = <K extends string, V>(name: K, value: V) =>
    (shown.has(name as never) ? { [name]: value } : {}) as Partial<Record<K, V>>;
  return {
    ...presentCard(card, viewer, now),
    ...field('sexuality', p.sexuality),
    ...field('relationship_status', p.relationshipStatus),
    ...field('hair_colour', p.hairColour),
    ...field('eye_colour', p.eyeColour),
    ...field('body_type', p.bodyType),
    ...field('tattoos', p.tattoos),
    ...field('reason', p.reason),
    ...field('interests', input.interestIds),
    ...(settings.visible_profile_notes ? { about: p.about } : {}),
    photos: input.photos.map((photo): MemberPhoto => {
      const v = visiblePhoto(photo, viewer);
      return { id: photo.id, ...v, main: photo.id === p.mainPhotoId };
    }),
    liked: relation.liked,
    likes_you: relation.likes_you,
    match: relation.liked && relation.likes_you,
    blocked: relation.blocked,
    own: relation.own,
  };
}
