import { z } from 'zod';
import { MAX_AGE, MIN_AGE, SEARCH_PAGE_SIZE } from '../constants';
import { GENDERS } from '../profile-options';
import { countryCode } from './fields';
import { profileCard } from './profile';
import type { SEARCH_FIELDS } from './settings';

// Part of the contract (the most profiles a page holds), kept in ../constants so that the web
// reads it without loading zod and these schemas.
export { SEARCH_PAGE_SIZE };

const age = z.coerce.number().int().min(MIN_AGE).max(MAX_AGE);

/**
 * GET /api/members.php: the member search. Every filter is optional; the
 * site's `search_fields` decide which the screen shows. `cursor` is the `next_cursor` of the page
 * before (opaque, keyset); `similar=true` asks for the similar results shown when few match.
 */
export const searchQuery = z
  .object({
    gender: z.enum(GENDERS).optional(),
    country: countryCode.optional(),
    countryregion: z.string().min(1).max(10).optional().describe('region code within the country'),
    min_age: age.optional(),
    max_age: age.optional(),
    cursor: z.string().max(200).optional(),
    similar: z.enum(['true', 'false']).optional(),
    network: z.string().max(100).optional().describe("a visitor's tracking network (logged_out_search)"),
  })
  .refine((q) => q.min_age === undefined || q.max_age === undefined || q.min_age <= q.max_age, {
    path: ['max_age'],
    message: 'validation.ageRange',
  });
export type SearchQuery = z.input<typeof searchQuery>;

/**
 * The filters of the search state, as the search screen keeps them and sends them: the
 * query's parsed values, one for each field a site's `search_fields` can show. An absent filter
 * matches everyone.
 */
export type SearchFilters = Pick<z.output<typeof searchQuery>, (typeof SEARCH_FIELDS)[number]>;

export const searchResponse = z.object({
  profiles: z.array(profileCard).max(SEARCH_PAGE_SIZE),
  next_cursor: z.string().nullable().describe('null on the last page'),
  num_results: z
    .number()
    .int()
    .nullable()
    .describe('matches, counted up to COUNT_CAP + 1 (shown as "1000+"); only on the first page, else null'),
});
export type SearchResponse = z.infer<typeof searchResponse>;

/** GET /api/geocode.php?lat&lon: country and region from an offline data set; nothing is stored. */
export const geocodeQuery = z.object({
  lat: z.coerce.number().min(-90).max(90),
  lon: z.coerce.number().min(-180).max(180),
});
export const geocodeResponse = z.object({
  country: countryCode.nullable().describe("null where the point is outside the site's countries"),
  countryregion: z.string().nullable(),
});
export type GeocodeResponse = z.infer<typeof geocodeResponse>;
