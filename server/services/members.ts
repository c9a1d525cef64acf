import { and, desc, eq, isNotNull, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { members, photos, profiles, regions } from '../db/schema';
import { type CardRow, cardMember } from '../presenters/profile';

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
 * A sample of a site's members for the logged-out home page: visible, active profiles with an
 * approved public main photo, the most recently active first (uses the members' activity order).
 */
export async function showcase(db: Db, siteId: number, country: string, limit: number): Promise<CardRow[]> {
  const rows = await cardQuery(db)
    .where(
      and(
        eq(profiles.siteId, siteId),
        eq(profiles.country, country),
        eq(profiles.status, 'active'),
        eq(members.invisible, false),
        eq(members.status, 'active'),
        isNotNull(profiles.mainPhotoId),
        eq(photos.premium, false),
        eq(photos.status, 'approved'),
      ),
    )
    .orderBy(desc(members.lastActiveAt))
    .limit(limit);
  return rows as CardRow[];
}
