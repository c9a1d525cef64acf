import type { MemberPhoto, MemberProfile } from '../../common/api/member';
import type { SiteSettings } from '../../common/api/settings';
import type { photos } from '../db/schema';
import { type CardRow, presentCard, visiblePhoto } from './profile';

/** What the photo overview reads of a photo. */
export type ProfilePhoto = Pick<
  typeof photos.$inferSelect,
  'id' | 'premium' | 'originalKey' | 'thumbKey' | 'blurredKey'
>;

export type Relation = { liked: boolean; likes_you: boolean; own: boolean };

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
  // Built by assignment rather than spreads of computed keys: this runs for every profile view,
  // and the answer's key order is the schema's anyway (the serializer parses it).
  const profile = presentCard(card, viewer, now) as MemberProfile;
  const shown = settings.visible_profile_fields;
  if (shown.includes('sexuality')) profile.sexuality = p.sexuality;
  if (shown.includes('relationship_status')) profile.relationship_status = p.relationshipStatus;
  if (shown.includes('hair_colour')) profile.hair_colour = p.hairColour;
  if (shown.includes('eye_colour')) profile.eye_colour = p.eyeColour;
  if (shown.includes('body_type')) profile.body_type = p.bodyType;
  if (shown.includes('tattoos')) profile.tattoos = p.tattoos;
  if (shown.includes('reason')) profile.reason = p.reason;
  if (shown.includes('interests')) profile.interests = input.interestIds;
  if (settings.visible_profile_notes) profile.about = p.about;
  profile.photos = input.photos.map((photo): MemberPhoto => {
    const v = visiblePhoto(photo, viewer);
    return { id: photo.id, ...v, main: photo.id === p.mainPhotoId };
  });
  profile.liked = relation.liked;
  profile.likes_you = relation.likes_you;
  profile.match = relation.liked && relation.likes_you;
  profile.own = relation.own;
  return profile;
}
