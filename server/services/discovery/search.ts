import { and, count, desc, eq, gt, lte, ne, not, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { SiteSettings } from '../../../common/api/settings';
import { COUNT_CAP, MAX_AGE, MIN_AGE } from '../../../common/constants';
import { birthDateRange } from '../../../common/rules/age';
import type { Db } from '../../db/client';
import { profiles, regions } from '../../db/schema';
import { ApiError } from '../../plugins/errors';
import type { CardRow } from '../../presenters/profile';
import { cardQuery } from './members';
import { discoverable, notBlockedWith } from './visibility';

/**
 * The member search (SPEC §3 "Search state"). Members with an approved main photo first, then the
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
const cursorShape = z.tuple([
  z.union([z.literal(0), z.literal(1)]),
  z.string().regex(ISO_MS),
  z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
]);

/** The position after a page's last row: opaque to the client (base64url of a small JSON tuple). */
export function encodeCursor(p: Position): string {
  return Buffer.from(JSON.stringify([p.hasPhoto ? 1 : 0, p.activeAt.toISOString(), p.id])).toString(
    'base64url',
  );
}

/** A cursor as sent back; anything this server did not make is a 400, never a query error. */
export function decodeCursor(cursor: string): Position {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    parsed = undefined;
  }
  const ok = cursorShape.safeParse(parsed);
  // A date like 02-30 passes the pattern but not the round trip.
  if (!ok.success || new Date(ok.data[1]).toISOString() !== ok.data[1] || encodeCursorOf(ok.data) !== cursor)
    throw new ApiError(400, 'invalid_input', { fields: { cursor: 'invalid' } });
  return { hasPhoto: ok.data[0] === 1, activeAt: new Date(ok.data[1]), id: ok.data[2] };
}

const encodeCursorOf = (t: z.infer<typeof cursorShape>) =>
  Buffer.from(JSON.stringify(t)).toString('base64url');

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
 * Everything a result must satisfy, except the cursor. `searchable` is the partial indexes'
 * predicate, spelled as they are; a page also checks discoverable() on the source rows it returns,
 * while the count trusts the copy (kept by triggers) and so reads profiles alone.
 */
function matchConditions(s: Scope, check: 'rows' | 'copy' = 'rows'): SQL | undefined {
  return and(
    sql`${profiles.searchable}`,
    check === 'rows' ? discoverable(s.siteId) : eq(profiles.siteId, s.siteId),
    s.viewerId === null ? undefined : ne(profiles.memberId, s.viewerId),
    notBlockedWith(s.viewerId, profiles.memberId),
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
  const after = s.cursor === undefined ? undefined : decodeCursor(s.cursor);
  // The first page's count runs beside the page (on PostgreSQL, on a second connection), not after it.
  const [rows, counted] = await Promise.all([
    pageQuery(db, { ...s, after }) as Promise<CardRow[]>,
    after === undefined ? countQuery(db, s) : Promise.resolve(null),
  ]);
  const page = rows.slice(0, s.pageSize);
  const last = page.at(-1);
  const nextCursor =
    rows.length > s.pageSize && last
      ? encodeCursor({
          hasPhoto: last.profile.hasPhoto,
          activeAt: last.profile.lastActiveAt,
          id: last.profile.memberId,
        })
      : null;
  // Only the first page counts.
  const numResults = counted === null ? null : (counted[0]?.n ?? 0);
  return { rows: page, nextCursor, numResults };
}
