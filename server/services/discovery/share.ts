import { and, eq } from 'drizzle-orm';
import { ageOn } from '../../../common/rules/age';
import type { Db } from '../../db/client';
import { members, photos, profiles } from '../../db/schema';
import { mediaUrl } from '../../infra/storage';
import { canSql } from '../policies/member';

/** What a shared link to a member's page shows (Open Graph, Twitter cards). */
export type ShareProfile = {
  name: string;
  age: number;
  /** The share image, on the site's own address: absent when the member has none to share. */
  image: { path: string; width: number; height: number } | null;
};

/**
 * A member as a link preview shows them: to a visitor, as a crawler asks without a session. Only a
 * member a visitor may open (the member policy's `open` for no viewer: shown, so not invisible,
 * hidden by reports, suspended or deleted) is found at all, so a preview tells no more than the page.
 * The image is the main photo when a moderator approved it and it is not premium: what a visitor
 * sees of the member anyway, loadable without a session.
 */
export async function shareProfile(db: Db, siteId: number, memberId: number, now: Date) {
  const [row] = await db
    .select({
      name: profiles.name,
      birthDate: profiles.birthDate,
      photo: { key: photos.originalKey, width: photos.width, height: photos.height },
    })
    .from(profiles)
    .innerJoin(members, eq(members.id, profiles.memberId))
    .leftJoin(
      photos,
      and(eq(photos.id, profiles.mainPhotoId), eq(photos.status, 'approved'), eq(photos.premium, false)),
    )
    .where(and(eq(profiles.memberId, memberId), canSql('open', { viewer: null, site: siteId })));
  if (!row) return null;
  const { key, width, height } = row.photo ?? {};
  return {
    name: row.name,
    age: ageOn(row.birthDate, now),
    image: key && width && height ? { path: mediaUrl(key), width, height } : null,
  } satisfies ShareProfile;
}
