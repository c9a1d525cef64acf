import { and, asc, desc, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import { MAX_AGE, MIN_AGE } from '../../../common/constants';
import { birthDateRange } from '../../../common/rules/age';
import type { Db } from '../../db/client';
import { members, photos, profiles, regions } from '../../db/schema';
import { type CardRow, cardMember } from '../../presenters/profile';
import { canSql } from '../policies/member';

/**
 * Members a new member is shown right after signup (/signup-matches): on the same site and in the
 * same country, of the gender they seek, looking for someone of the new member's gender (or saying
 * nothing), within the age range they chose, whom they may discover (the member policy) and real
 * (no fictional profiles: a choice of this list, not a rule of who may be seen). Members with a
 * photo come first, then the most recently active.
 */
export async function signupMatches(
  db: Db,
  memberId: number,
  now: Date,
  limit: number,
): Promise<{ rows: CardRow[]; viewerPaid: boolean }> {
  const [me] = await db
    .select({ profile: profiles, paid: members.paidUser })
    .from(profiles)
    .innerJoin(members, eq(members.id, profiles.memberId))
    .where(eq(profiles.memberId, memberId))
    .then((r) => r.map((x) => ({ ...x.profile, paid: x.paid })));
  if (!me) return { rows: [], viewerPaid: false };
  const minAge = me.seekingMinAge ?? MIN_AGE;
  const maxAge = me.seekingMaxAge ?? MAX_AGE;
  const { bornBy, bornAfter } = birthDateRange(now, minAge, maxAge);
  const rows = await db
    .select({ profile: profiles, regionName: regions.name, photo: photos, member: cardMember })
    .from(profiles)
    .innerJoin(members, eq(members.id, profiles.memberId))
    .leftJoin(photos, eq(photos.id, profiles.mainPhotoId))
    .leftJoin(regions, and(eq(regions.country, profiles.country), eq(regions.code, profiles.regionCode)))
    .where(
      and(
        canSql('discover', { viewer: memberId, site: me.siteId }),
        eq(profiles.country, me.country),
        me.seekingGender ? eq(profiles.gender, me.seekingGender) : undefined,
        or(isNull(profiles.seekingGender), eq(profiles.seekingGender, me.gender)),
        lte(profiles.birthDate, bornBy),
        gt(profiles.birthDate, bornAfter),
        eq(profiles.fictional, false),
      ),
    )
    .orderBy(
      asc(sql`(${photos.id} IS NULL OR ${photos.status} = 'rejected')`),
      desc(members.lastActiveAt),
      asc(profiles.memberId),
    )
    .limit(limit);
  return { rows: rows as CardRow[], viewerPaid: me.paid };
}
