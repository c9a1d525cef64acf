import { and, asc, desc, eq, gt, inArray, isNull, lte, notExists, or, type SQL, sql } from 'drizzle-orm';
import {
  MATCH_FINDER_SIZE,
  type MatchFinderResponse,
  type MatchPreference,
  type MatchReason,
} from '../../../common/api/match-finder';
import type { Gender, Sexuality } from '../../../common/profile-options';
import { ageOn, birthDateRange } from '../../../common/rules/age';
import type { Db } from '../../db/client';
import { likes, members, profileInterests, profiles, regions } from '../../db/schema';
import { type CardRow, presentCard } from '../../presenters/profile';
import { canSql } from '../policies/member';
import { cardQuery } from './members';

/**
 * How many of the most recently active fitting members are scored. The hard rules (site, country,
 * gender, birth date) walk the profiles_search index; the scoring then runs over this bounded set,
 * so the finder stays fast however many members a site has.
 */
const CANDIDATES = 400;

/** Whether someone of `sexuality` and `ownGender` is drawn to `otherGender`. */
export function attractedTo(sexuality: Sexuality, ownGender: Gender, otherGender: Gender): boolean {
  if (sexuality === 'bi') return true;
  if (sexuality === 'hetero') return otherGender !== ownGender;
  return otherGender === ownGender;
}

/** The same rule in SQL, for the candidate's side: the candidate is drawn to `gender`. */
function candidateAttractedTo(gender: Gender): SQL {
  return sql`(case ${profiles.sexuality} when 'bi' then true when 'hetero' then ${profiles.gender} <> ${gender} else ${profiles.gender} = ${gender} end)`;
}

type Viewer = typeof profiles.$inferSelect & { paid: boolean };

async function loadViewer(db: Db, memberId: number): Promise<Viewer | null> {
  const [row] = await db
    .select({ profile: profiles, paid: members.paidUser })
    .from(profiles)
    .innerJoin(members, eq(members.id, profiles.memberId))
    .where(eq(profiles.memberId, memberId));
  return row ? { ...row.profile, paid: row.paid } : null;
}

function missingPreferences(viewer: Viewer): MatchPreference[] {
  const missing: MatchPreference[] = [];
  if (!viewer.seekingGender) missing.push('seeking_gender');
  if (viewer.seekingMinAge === null || viewer.seekingMaxAge === null) missing.push('seeking_age');
  return missing;
}

/**
 * Members who fit the viewer both ways: of the gender the viewer seeks and seeking the viewer's
 * gender (or not saying), with sexualities that fit, ages inside each other's wishes, in the same
 * country; never the viewer, members the viewer already likes, blocked or undiscoverable members.
 * Shared interests and the same region rank first; each suggestion says why it is there.
 */
export async function matchSuggestions(
  db: Db,
  siteId: number,
  memberId: number,
  now: Date,
): Promise<MatchFinderResponse> {
  const viewer = await loadViewer(db, memberId);
  if (!viewer) return { suggestions: [], missing_preferences: ['seeking_gender', 'seeking_age'] };
  const missing = missingPreferences(viewer);
  const seeking = viewer.seekingGender;
  if (missing.length > 0 || !seeking || viewer.seekingMinAge === null || viewer.seekingMaxAge === null)
    return { suggestions: [], missing_preferences: missing };
  // A wish the member's own sexuality contradicts finds nobody rather than guessing which one holds.
  if (!attractedTo(viewer.sexuality, viewer.gender, seeking))
    return { suggestions: [], missing_preferences: [] };

  const viewerAge = ageOn(viewer.birthDate, now);
  const { bornBy, bornAfter } = birthDateRange(now, viewer.seekingMinAge, viewer.seekingMaxAge);
  const candidates = db.$with('candidates').as(
    db
      .select({
        id: sql<number>`${profiles.memberId}`.as('id'),
        regionCode: sql<string | null>`${profiles.regionCode}`.as('region_code'),
        ageRangeSet:
          sql<boolean>`(${profiles.seekingMinAge} is not null or ${profiles.seekingMaxAge} is not null)`.as(
            'age_range_set',
          ),
        hasPhoto: sql<boolean>`(${profiles.mainPhotoId} is not null)`.as('has_photo'),
        lastActiveAt: sql<Date>`${members.lastActiveAt}`.as('last_active_at'),
      })
      .from(profiles)
      .innerJoin(members, eq(members.id, profiles.memberId))
      .where(
        and(
          canSql('discover', { viewer: memberId, site: siteId }),
          eq(profiles.country, viewer.country),
          eq(profiles.gender, seeking),
          lte(profiles.birthDate, bornBy),
          gt(profiles.birthDate, bornAfter),
          or(isNull(profiles.seekingGender), eq(profiles.seekingGender, viewer.gender)),
          candidateAttractedTo(viewer.gender),
          or(isNull(profiles.seekingMinAge), lte(profiles.seekingMinAge, viewerAge)),
          or(isNull(profiles.seekingMaxAge), sql`${profiles.seekingMaxAge} >= ${viewerAge}`),
          notExists(
            db
              .select({ one: sql`1` })
              .from(likes)
              .where(and(eq(likes.likerId, memberId), eq(likes.likedId, profiles.memberId))),
          ),
        ),
      )
      .orderBy(desc(members.lastActiveAt), asc(profiles.memberId))
      .limit(CANDIDATES),
  );

  const shared = sql<number>`(select count(*)::int from ${profileInterests} pi where pi.member_id = ${candidates.id} and pi.interest_id in (select mine.interest_id from ${profileInterests} mine where mine.member_id = ${memberId}))`;
  const sameRegion = viewer.regionCode
    ? sql<boolean>`coalesce(${candidates.regionCode} = ${viewer.regionCode}, false)`
    : sql<boolean>`false`;
  // Two points per shared interest, three for the same region, one for a mutual age wish and one for a photo.
  const score = sql`(${shared} * 2 + case when ${sameRegion} then 3 else 0 end + case when ${candidates.ageRangeSet} then 1 else 0 end + case when ${candidates.hasPhoto} then 1 else 0 end)`;
  const ranked = await db
    .with(candidates)
    .select({ id: candidates.id, shared, sameRegion, ageRangeSet: candidates.ageRangeSet })
    .from(candidates)
    .orderBy(desc(score), desc(candidates.lastActiveAt), asc(candidates.id))
    .limit(MATCH_FINDER_SIZE);
  if (ranked.length === 0) return { suggestions: [], missing_preferences: [] };

  const ids = ranked.map((r) => Number(r.id));
  const cards = (await cardQuery(db).where(inArray(profiles.memberId, ids))) as CardRow[];
  const byId = new Map(cards.map((c) => [c.profile.memberId, c]));
  const regionName = viewer.regionCode ? await ownRegionName(db, viewer.country, viewer.regionCode) : null;
  const suggestions = ranked.flatMap((r) => {
    const card = byId.get(Number(r.id));
    if (!card) return [];
    const reasons: MatchReason[] = [];
    if (r.shared > 0) reasons.push({ kind: 'interests', count: r.shared });
    if (r.sameRegion && regionName) reasons.push({ kind: 'region', name: regionName });
    if (r.ageRangeSet) reasons.push({ kind: 'age' });
    return [{ profile: presentCard(card, { paid: viewer.paid }, now), reasons }];
  });
  return { suggestions, missing_preferences: [] };
}

async function ownRegionName(db: Db, country: string, code: string): Promise<string | null> {
  const [row] = await db
    .select({ name: regions.name })
    .from(regions)
    .where(and(eq(regions.country, country), eq(regions.code, code)));
  return row?.name ?? null;
}
