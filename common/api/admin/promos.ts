import { z } from 'zod';
import { NICHES } from '../../constants';
import { countryCode } from '../fields';

/**
 * The console's promo profiles (admin only): per site, partner camera sites' performers shown to
 * members as advertisements, the partner hosts they may link to, and the clicks through to them.
 * Field messages are keys of the console catalog (`admin:promos.errors.*`).
 */

export const PROMO_NAME_MAX = 60;
export const PROMO_TEXT_MAX = 500;
export const PROMO_URL_MAX = 2000;
export const PROMO_AGE_MIN = 18;
export const PROMO_AGE_MAX = 99;
export const PROMO_DOMAINS_MAX = 50;
/** Countries one promo may list: more than any site serves. */
export const PROMO_COUNTRIES_MAX = 60;

const E = {
  required: 'promos.errors.required',
  tooLong: 'promos.errors.tooLong',
  age: 'promos.errors.age',
  url: 'promos.errors.url',
  host: 'promos.errors.host',
  niche: 'promos.errors.niche',
  duplicate: 'promos.errors.duplicate',
  time: 'promos.errors.time',
  window: 'promos.errors.window',
  domain: 'promos.errors.domain',
} as const;
export const PROMO_ERRORS = E;

const idParam = z.coerce.number().int().positive().max(2_147_483_647);
export const promoSiteQuery = z.object({ site_id: idParam }).strict();
export const promoIdQuery = z.object({ id: idParam }).strict();

const nicheIds = Object.keys(NICHES).map(Number);

function uniqueList<T extends z.ZodType>(item: T, max: number) {
  return z
    .array(item)
    .max(max, E.tooLong)
    .refine((list) => new Set(list).size === list.length, E.duplicate);
}

/** An http(s) address; whether its host is on the site's allow-list the server decides. */
const partnerUrl = z
  .string({ error: E.url })
  .trim()
  .min(1, E.required)
  .max(PROMO_URL_MAX, E.tooLong)
  .refine((v) => /^https?:\/\//i.test(v), E.url);

const time = z.iso.datetime({ offset: true, error: E.time }).nullable();

const promoFields = z.object({
  name: z.string({ error: E.required }).trim().min(1, E.required).max(PROMO_NAME_MAX, E.tooLong),
  age: z.number({ error: E.age }).int(E.age).min(PROMO_AGE_MIN, E.age).max(PROMO_AGE_MAX, E.age),
  text: z.string({ error: E.required }).trim().min(1, E.required).max(PROMO_TEXT_MAX, E.tooLong),
  url: partnerUrl,
  /** Shown only to viewers from these countries; empty = every country. */
  countries: uniqueList(countryCode, PROMO_COUNTRIES_MAX),
  /** Shown only on sites of these niches; empty = every niche. */
  niches: uniqueList(
    z
      .number({ error: E.niche })
      .int(E.niche)
      .refine((n) => nicheIds.includes(n), E.niche),
    nicheIds.length,
  ),
  /** Shown from this time on; null = at once. */
  active_from: time,
  /** Shown until this time; null = no end. */
  active_until: time,
  /** Off: kept, but shown nowhere. */
  enabled: z.boolean(),
});

const windowInOrder = (p: { active_from?: string | null; active_until?: string | null }) =>
  !p.active_from || !p.active_until || Date.parse(p.active_until) > Date.parse(p.active_from);

/** POST /api/admin/promos.php: a new promo profile on a site (its picture is uploaded after). */
export const promoCreate = promoFields
  .extend({ site_id: z.number().int().positive().max(2_147_483_647) })
  .strict()
  .refine(windowInOrder, { path: ['active_until'], message: E.window });
export type PromoCreate = z.output<typeof promoCreate>;
export type PromoCreateInput = z.input<typeof promoCreate>;

/** PATCH /api/admin/promos.php?id=: the fields to change. */
export const promoEdit = promoFields
  .partial()
  .strict()
  .refine((p) => Object.keys(p).length > 0, { path: ['_'], message: E.required })
  .refine(windowInOrder, { path: ['active_until'], message: E.window });
export type PromoEdit = z.output<typeof promoEdit>;
export type PromoEditInput = z.input<typeof promoEdit>;

const isoTime = z.string().describe('ISO time');

export const adminPromo = z
  .object({
    id: z.number().int(),
    site_id: z.number().int(),
    name: z.string(),
    age: z.number().int(),
    text: z.string(),
    url: z.string(),
    countries: z.array(z.string()),
    niches: z.array(z.number().int()),
    active_from: isoTime.nullable(),
    active_until: isoTime.nullable(),
    enabled: z.boolean(),
    picture_url: z.string().nullable(),
    thumb_url: z.string().nullable(),
    /** Enabled, within its window and its link on the allow-list: shown (to its countries and niches). */
    live: z.boolean(),
    /** Clicks through to the partner, all time. */
    clicks: z.number().int(),
    created_at: isoTime,
    updated_at: isoTime,
  })
  .meta({ id: 'AdminPromo' });
export type AdminPromo = z.infer<typeof adminPromo>;

export const adminPromosResponse = z.object({ promos: z.array(adminPromo) });
export type AdminPromosResponse = z.infer<typeof adminPromosResponse>;
export const adminPromoResponse = z.object({ promo: adminPromo });
export type AdminPromoResponse = z.infer<typeof adminPromoResponse>;
/** DELETE /api/admin/promos.php?id=: gone from the console and the site (its clicks stay counted). */
export const promoDeletedResponse = z.object({ deleted: z.literal(true) });

/** A partner host as the allow-list keeps it: lower case, no scheme, port or path. */
export const partnerDomain = z
  .string({ error: E.domain })
  .trim()
  .toLowerCase()
  .max(253, E.domain)
  .regex(
    /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)+$/,
    E.domain,
  );

/** PUT /api/admin/promo-domains.php?site_id=: the site's whole allow-list. */
export const promoDomainsEdit = z.object({ domains: uniqueList(partnerDomain, PROMO_DOMAINS_MAX) }).strict();
export type PromoDomainsEdit = z.input<typeof promoDomainsEdit>;
export const promoDomainsResponse = z.object({ domains: z.array(z.string()) });
export type PromoDomainsResponse = z.infer<typeof promoDomainsResponse>;

/** GET /api/admin/promo-clicks.php (the figures' range and site): clicks per promo, UTC day and network. */
export const promoClickRow = z.object({
  promo_id: z.number().int(),
  name: z.string(),
  site_id: z.number().int(),
  day: z.iso.date(),
  /** The visitor's traffic network; null = none. */
  network: z.string().nullable(),
  clicks: z.number().int().nonnegative(),
});
export type PromoClickRow = z.infer<typeof promoClickRow>;
export const promoClicksResponse = z.object({
  promo_clicks: z.object({
    from: z.iso.date(),
    to: z.iso.date(),
    site_id: z.number().int().nullable(),
    total: z.number().int().nonnegative(),
    /** Newest day first, then most clicks. */
    rows: z.array(promoClickRow),
  }),
});
export type PromoClicks = z.infer<typeof promoClicksResponse>['promo_clicks'];

/** POST /api/admin/promo-picture.php?id= (multipart, one JPEG, PNG or WebP file): the promo's picture. */
export const promoPictureResponse = adminPromoResponse;
