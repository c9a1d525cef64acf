import { and, count, desc, eq, gt, lte, not, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { SiteSettings } from '../../../common/api/settings';
import { COUNT_CAP, MAX_AGE, MIN_AGE } from '../../../common/constants';
import { birthDateRange } from '../../../common/rules/age';
import type { Db } from '../../db/client';
import { profiles, regions } from '../../db/schema';
import { cursorId, decodeCursor, encodeCursor, keysetPage } from '../../infra/cursor';
import { ApiError } from '../../plugins/errors';
import type { CardRow } from '../../presenters/profile';
import { canSql } from '../policies/member';
import { cardQuery } from './members';

/**
 * The member search. Members with an approved main photo first, then the
 * most recently active, then the highest id: the order of the partial indexes on profiles
 * (schema.ts), which the query walks from the cursor on, so every page costs the same however deep.
 */

export type SearchFilters = {
  gender?: 'male' | 'female';
  country?: string;
  countryregion?: string;
  min_age?: number;
  max_age?: number;
};

/**
 * Whether a visitor (not logged in) may see members on this site: `logged_out_search`, or, for a
 * visitor who came with a tracking network, `logged_out_search_trafficsource`.
 */
export function visitorMaySeeMembers(
  settings: Pick<SiteSettings, 'logged_out_search' | 'logged_out_search_trafficsource'>,
  network: string | undefined,
): boolean {
  const rule = network ? settings.logged_out_search_trafficsource : settings.logged_out_search;
  return rule !== 'none';
}

/** Country among the site's, region among the country's; else 400 naming the field. */
export async function checkPlace(
  db: Db,
  countries: readonly string[],
  filters: SearchFilters,
): Promise<void> {
  const invalid = (field: string) => new ApiError(400, 'invalid_input', { fields: { [field]: 'invalid' } });
  if (filters.country !== undefined && !countries.includes(filters.country)) throw invalid('country');
  if (filters.countryregion === undefined) return;
  if (filters.country === undefined) throw invalid('countryregion');
  const [region] = await db
    .select({ code: regions.code })
    .from(regions)
    .where(and(eq(regions.country, filters.country), eq(regions.code, filters.countryregion)));
  if (!region) throw invalid('countryregion');
}

// ---- cursor --------------------------------------------------------------------------------------

export type Position = { hasPhoto: boolean; activeAt: Date; id: number };

const ISO_MS = /^(19[7-9]\d|2\d{3})-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const positionShape = z.tuple([
  z.union([z.literal(0), z.literal(1)]),
  // A date like 02-30 passes the pattern but not the round trip.
  z
    .string()
    .regex(ISO_MS)
    .refine((at) => new Date(at).toISOString() === at),
  cursorId,
]);

/** The cursor after a page's last row (infra/cursor.ts). */
export function encodePosition(p: Position): string {
  return encodeCursor([p.hasPhoto ? 1 : 0, p.activeAt.toISOString(), p.id]);
}

/** A cursor as sent back; anything this server did not make is a 400, never a query error. */
export function decodePosition(cursor: string): Position {
  const [hasPhoto, activeAt, id] = decodeCursor(cursor, positionShape);
  return { hasPhoto: hasPhoto === 1, activeAt: new Date(activeAt), id };
}

// ---- query ---------------------------------------------------------------------------------------

/** The filters as SQL on profiles: gender, country, region and the age range as birth dates. */
function filterConditions(f: SearchFilters, now: Date): SQL[] {
  const out: SQL[] = [];
  if (f.gender) out.push(eq(profiles.gender, f.gender));
  if (f.country) out.push(eq(profiles.country, f.country));
  if (f.countryregion) out.push(eq(profiles.regionCode, f.countryregion));
  out.push(...ageConditions(f.min_age, f.max_age, now));
  return out;
}

function ageConditions(minAge: number | undefined, maxAge: number | undefined, now: Date): SQL[] {
  if (minAge === undefined && maxAge === undefined) return [];
  const { bornBy, bornAfter } = birthDateRange(now, minAge ?? MIN_AGE, maxAge ?? MAX_AGE);
  const out: SQL[] = [];
  if (minAge !== undefined) out.push(lte(profiles.birthDate, bornBy));
  if (maxAge !== undefined) out.push(gt(profiles.birthDate, bornAfter));
  return out;
}

/**
 * The similar results shown when few match: the same gender and country, any region, the age range
 * five years wider each way, without the members the exact search already shows.
 */
export const SIMILAR_AGE_WIDENING = 5;

function similarConditions(f: SearchFilters, now: Date): SQL[] {
  const widened: SearchFilters = {
    gender: f.gender,
    country: f.country,
    min_age: f.min_age === undefined ? undefined : Math.max(MIN_AGE, f.min_age - SIMILAR_AGE_WIDENING),
    max_age: f.max_age === undefined ? undefined : Math.min(MAX_AGE, f.max_age + SIMILAR_AGE_WIDENING),
  };
  const exact = and(...filterConditions(f, now));
  return exact ? [...filterConditions(widened, now), not(exact)] : [sql`false`];
}

export type Scope = {
  siteId: number;
  viewerId: number | null;
  filters: SearchFilters;
  similar: boolean;
  now: Date;
};

/**
 * Everything a result must satisfy, except the cursor: whom the viewer may discover (the member
 * policy) and the filters. `searchable` is the partial indexes' predicate, spelled as they are and
 * the search's copy of the policy's `shown`: a page checks the source rows as well, while the count
 * trusts the copy (kept by triggers) and so reads profiles alone.
 */
function matchConditions(s: Scope, check: 'rows' | 'copy' = 'rows'): SQL | undefined {
  const searchable = sql`${profiles.searchable}`;
  return and(
    searchable,
    canSql(
      'discover',
      { viewer: s.viewerId, site: s.siteId },
      check === 'copy' ? { replace: { shown: searchable } } : {},
    ),
    ...(s.similar ? similarConditions(s.filters, s.now) : filterConditions(s.filters, s.now)),
  );
}

export type SearchPage = { rows: CardRow[]; nextCursor: string | null; numResults: number | null };
type PageScope = Scope & { after: Position | undefined; pageSize: number };

/** One page of results plus one row (which says whether a next page exists), from the cursor on. */
export function pageQuery(db: Db, s: PageScope) {
  const { after } = s;
  return cardQuery(db)
    .where(
      and(
        matchConditions(s),
        after &&
          sql`(${profiles.hasPhoto}, ${profiles.lastActiveAt}, ${profiles.memberId}) < (${after.hasPhoto}, ${after.activeAt.toISOString()}::timestamptz, ${after.id})`,
      ),
    )
    .orderBy(desc(profiles.hasPhoto), desc(profiles.lastActiveAt), desc(profiles.memberId))
    .limit(s.pageSize + 1);
}

/** Matches counted up to COUNT_CAP + 1: enough to show "1000+", never a walk over everything. */
export function countQuery(db: Db, s: Scope) {
  const capped = db
    .select({ one: sql`1` })
    .from(profiles)
    .where(matchConditions(s, 'copy'))
    .limit(COUNT_CAP + 1)
    .as('capped');
  return db.select({ n: count() }).from(capped);
}

export async function searchMembers(
  db: Db,
  s: Scope & { cursor: string | undefined; pageSize: number },
): Promise<SearchPage> {
  const after = s.cursor === undefined ? undefined : decodePosition(s.cursor);
  // The first page's count runs beside the page (on PostgreSQL, on a second connection), not after it.
  const [rows, counted] = await Promise.all([
    pageQuery(db, { ...s, after }) as Promise<CardRow[]>,
    after === undefined ? countQuery(db, s) : Promise.resolve(null),
  ]);
  const { page, nextCursor } = keysetPage(rows, s.pageSize, (last) =>
    encodePosition({
      hasPhoto: last.profile.hasPhoto,
      activeAt: last.profile.lastActiveAt,
      id: last.profile.memberId,
    }),
  );
  // Only the first page counts.
  const numResults = counted === null ? null : (counted[0]?.n ?? 0);
  return { rows: page, nextCursor, numResults };
}
