import type { OwnPhoto, PhotosResponse } from '../../common/api/photos';
import type { OwnProfile } from '../../common/api/profile-edit';
import { ageOn } from '../../common/rules/age';
import type { members, profiles } from '../db/schema';
import { mediaUrl } from '../infra/storage';
import type { MemberPhotos, PhotoRow } from '../services/profiles/photos';

/** What members see of their own profile: every field as stored, their e-mail for the name rule. */
export function presentOwnProfile(
  member: Pick<typeof members.$inferSelect, 'email'>,
  profile: typeof profiles.$inferSelect,
  interestIds: number[],
  now: Date,
): OwnProfile {
  return {
    id: profile.memberId,
    email: member.email,
    name: profile.name,
    gender: profile.gender,
    sexuality: profile.sexuality,
    birth_date: profile.birthDate,
    age: ageOn(profile.birthDate, now),
    relationship_status: profile.relationshipStatus,
    hair_colour: profile.hairColour,
    eye_colour: profile.eyeColour,
    body_type: profile.bodyType,
    tattoos: profile.tattoos,
    reason: profile.reason,
    about: profile.about,
    country: profile.country,
    region: profile.regionCode,
    seeking_gender: profile.seekingGender,
    seeking_min_age: profile.seekingMinAge,
    seeking_max_age: profile.seekingMaxAge,
    interests: interestIds,
  };
}

/** Owners see each of their photos whole, premium ones too (routes/media.ts lets an owner load them). */
export function presentOwnPhoto(row: PhotoRow, mainPhotoId: number | null): OwnPhoto {
  return {
    id: row.id,
    url: mediaUrl(row.originalKey),
    thumb_url: mediaUrl(row.thumbKey),
    blurred_url: mediaUrl(row.blurredKey),
    width: row.width,
    height: row.height,
    premium: row.premium,
    status: row.status,
    main: row.id === mainPhotoId,
  };
}

export function presentOwnPhotos(p: MemberPhotos): PhotosResponse {
  return { photos: p.rows.map((r) => presentOwnPhoto(r, p.mainPhotoId)), limit: p.limit };
}
