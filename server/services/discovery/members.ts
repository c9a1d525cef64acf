import { and, desc, eq, gt, isNotNull, lte, notInArray, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { bornYearsAgo } from '../../../common/rules/age';
import type { NicheAudience } from '../../../common/rules/niches';
import type { Db } from '../../db/client';
import { members, photos, profiles, regions } from '../../db/schema';
import { type CardRow, cardMember } from '../../presenters/profile';
import { canSql } from '../policies/member';

/**
 * Profiles joined with what a card shows: region name, main photo and the member's premium and
 * activity. `extra` adds columns a caller needs beside the card (the profile view's relations).
 */
export function cardQuery<E extends Record<string, SQL.Aliased | SQL | AnyPgColumn>>(
  db: Db,
  extra: E = {} as E,
) {
  return db
    .select({ profile: profiles, regionName: regions.name, photo: photos, member: cardMember, ...extra })
    .from(profiles)
    .innerJoin(members, eq(members.id, profiles.memberId))
    .leftJoin(photos, eq(photos.id, profiles.mainPhotoId))
    .leftJoin(regions, and(eq(regions.country, profiles.country), eq(regions.code, profiles.regionCode)));
}

export async function memberWithCard(db: Db, memberId: number) {
  const [member] = await db.select().from(members).where(eq(members.id, memberId));
  if (!member || member.deletedAt) return null;
  const [card] = await cardQuery(db).where(eq(profiles.memberId, memberId));
  return card ? { member, card: card as CardRow } : null;
}

/**
 * A sample of a site's members for the logged-out home page and the landers: members the asker (a
 * visitor, or a member: `viewerId`) may discover (the member policy) with an approved public main
 * photo, the most recently active first (uses the members' activity order). With an audience (a
 * lander's niche), those who fit it come first and anyone fills the rest, so a site with few such
 * members still shows a full page.
 */
export async function showcase(
  db: Db,
  siteId: number,
  viewerId: number | null,
  country: string,
  limit: number,
  audience: NicheAudience = {},
  now = new Date(),
): Promise<CardRow[]> {
  const base = [
    canSql('discover', { viewer: viewerId, site: siteId }),
    eq(profiles.country, country),
    isNotNull(profiles.mainPhotoId),
    eq(photos.premium, false),
    eq(photos.status, 'approved'),
  ];
  const sample = (where: SQL[], n: number) =>
    cardQuery(db)
      .where(and(...base, ...where))
      .orderBy(desc(members.lastActiveAt))
      .limit(n) as Promise<CardRow[]>;
  const fit = audienceConditions(audience, now);
  if (fit.length === 0) return sample([], limit);
  const first = await sample(fit, limit);
  if (first.length >= limit) return first;
  const rest = await sample(
    first.length > 0
      ? [
          notInArray(
            profiles.memberId,
            first.map((r) => r.profile.memberId),
          ),
        ]
      : [],
    limit - first.length,
  );
  return [...first, ...rest];
}

function audienceConditions(a: NicheAudience, now: Date): SQL[] {
  const where: SQL[] = [];
  if (a.gender) where.push(eq(profiles.gender, a.gender));
  if (a.bodyType) where.push(eq(profiles.bodyType, a.bodyType));
  if (a.minAge !== undefined) where.push(lte(profiles.birthDate, bornYearsAgo(now, a.minAge)));
  if (a.maxAge !== undefined) where.push(gt(profiles.birthDate, bornYearsAgo(now, a.maxAge + 1)));
  return where;
}
