import { z } from 'zod';
import {
  ACTION_CREDITS_MAX,
  DISCOUNT_CODE_USES_MAX,
  MESSAGE_LENGTH_MAX,
  MESSAGE_LENGTH_MIN,
  PACKAGE_CREDITS_MAX,
  PACKAGE_PRICE_MAX_CENTS,
  PACKAGE_PRICE_MIN_CENTS,
  REFUND_DAYS_MAX,
  TIME_BONUS_CODE,
  WELCOME_DISCOUNT_CODE,
} from '../../constants';
import { localeFromDomainLanguage, SERVED_COUNTRIES } from '../../rules/locale';
import {
  COUNTRY_CURRENCY,
  methodsFor,
  PAYMENT_METHODS,
  type PaymentMethod,
} from '../../rules/payment-methods';
import { int4Id, int4IdParam } from '../fields';
import { isTimeZone, PROFILE_FIELDS, SEARCH_FIELDS, siteSettings } from '../settings';

/**
 * The console's sites screen: each site's settings (every field of GET /api/settings.php
 * that is the site's own), its credit packages with prices per currency and per country, its
 * discount codes, and the gift catalogue (shared by all sites). Staff of every role may read;
 * only an admin changes anything (money and sites are the admin's, common/api/admin/staff.ts).
 *
 * Field messages are keys of the console catalog (`admin:sites.errors.*`); the console shows them
 * with SITE_ERROR_VARS, and the server answers them as they are in an error's `fields`.
 */

/** The values the messages of sites.errors.* interpolate. */
export const SITE_ERROR_VARS = {
  priceMin: PACKAGE_PRICE_MIN_CENTS / 100,
  priceMax: PACKAGE_PRICE_MAX_CENTS / 100,
  creditsMax: PACKAGE_CREDITS_MAX,
  actionMax: ACTION_CREDITS_MAX,
  lengthMin: MESSAGE_LENGTH_MIN,
  lengthMax: MESSAGE_LENGTH_MAX,
  refundMax: REFUND_DAYS_MAX,
  usesMax: DISCOUNT_CODE_USES_MAX,
} as const;

const E = {
  required: 'sites.errors.required',
  tooLong: 'sites.errors.tooLong',
  country: 'sites.errors.country',
  countries: 'sites.errors.countries',
  duplicate: 'sites.errors.duplicate',
  host: 'sites.errors.host',
  email: 'sites.errors.email',
  phone: 'sites.errors.phone',
  language: 'sites.errors.language',
  timeZone: 'sites.errors.timeZone',
  url: 'sites.errors.url',
  niche: 'sites.errors.niche',
  actionCredits: 'sites.errors.actionCredits',
  messageLength: 'sites.errors.messageLength',
  refundDays: 'sites.errors.refundDays',
  price: 'sites.errors.price',
  credits: 'sites.errors.credits',
  currency: 'sites.errors.currency',
  noPrice: 'sites.errors.noPrice',
  position: 'sites.errors.position',
  code: 'sites.errors.code',
  reservedCode: 'sites.errors.reservedCode',
  percentage: 'sites.errors.percentage',
  uses: 'sites.errors.uses',
  expires: 'sites.errors.expires',
  method: 'sites.errors.method',
  slug: 'sites.errors.slug',
} as const;

/** Ids in a query (`?id=5`, `?site_id=2`): sites, packages, gifts and discount codes have `integer` keys. */
const idParam = int4IdParam;
export const siteIdQuery = z.object({ site_id: idParam }).strict();
export const idQuery = z.object({ id: idParam }).strict();

/** The currencies a price may be in: those of the served countries (common/rules/payment-methods.ts). */
export const PRICE_CURRENCIES = [...new Set(Object.values(COUNTRY_CURRENCY))].sort();

/** Every payment method some country of the site offers, in the order of PAYMENT_METHODS. */
export function siteMethods(countries: readonly string[]): PaymentMethod[] {
  const offered = new Set(countries.flatMap((c) => methodsFor(c)));
  return PAYMENT_METHODS.filter((m) => offered.has(m));
}

/** The currencies the site's countries pay in. */
export function siteCurrencies(countries: readonly string[]): string[] {
  return [...new Set(countries.map((c) => COUNTRY_CURRENCY[c] ?? 'EUR'))].sort();
}

const servedCountry = z
  .string()
  .regex(/^[A-Z]{2}$/, E.country)
  .refine((c) => SERVED_COUNTRIES.includes(c), E.country);

/** A list without repeats, bounded. */
function uniqueList<T extends z.ZodType<string>>(item: T, max: number) {
  return z
    .array(item)
    .max(max, E.tooLong)
    .refine((list) => new Set(list).size === list.length, E.duplicate);
}

const requiredText = (max: number) => z.string().trim().min(1, E.required).max(max, E.tooLong);
/** Text that may be left empty: empty means "none" (null). */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, E.tooLong)
    .nullable()
    .transform((v) => (v ? v : null));

const host = z
  .string()
  .trim()
  .toLowerCase()
  .max(253, E.host)
  .regex(
    /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/,
    E.host,
  );

const actionCredits = z
  .number({ error: E.actionCredits })
  .int(E.actionCredits)
  .min(0, E.actionCredits)
  .max(ACTION_CREDITS_MAX, E.actionCredits);

/** A price in cents: whole, within the bounds (a typo such as an extra zero is refused). */
export const priceCents = z
  .number({ error: E.price })
  .int(E.price)
  .min(PACKAGE_PRICE_MIN_CENTS, E.price)
  .max(PACKAGE_PRICE_MAX_CENTS, E.price);

const currencyCode = z.string().refine((c) => PRICE_CURRENCIES.includes(c), E.currency);

/** A message's minimum cost in one country: cents in the country's own currency. */
const minimumMessageCost = z.object({
  costs: z.number({ error: E.price }).int(E.price).min(0, E.price).max(PACKAGE_PRICE_MAX_CENTS, E.price),
  currency: currencyCode,
});

/**
 * PUT /api/admin/site.php?id=: a site's settings, whole (the form sends every field). The fields
 * of GET /api/settings.php but the visitor's own (geoip_*) and the server's push key.
 */
export const siteSettingsEdit = z
  .object({
    // Identity
    domain: host,
    aliases: uniqueList(host, 20),
    name: requiredText(100),
    index_title: requiredText(200),
    description: z.string().trim().max(500, E.tooLong),
    mail_name: requiredText(100),
    niche: z.number({ error: E.niche }).int(E.niche).min(1, E.niche).max(7, E.niche),
    cdn_prefix: z
      .string()
      .trim()
      .max(200, E.tooLong)
      .refine((v) => v === '' || /^https:\/\/[^\s"'<>]+$/.test(v), E.url),
    // Countries and languages
    countries: uniqueList(servedCountry, SERVED_COUNTRIES.length).refine((l) => l.length > 0, E.countries),
    domain_language: z
      .string()
      .trim()
      .regex(/^[a-z]{2}[_-][A-Z]{2}$/, E.language)
      .refine((v) => localeFromDomainLanguage(v) !== null, E.language),
    time_zone: z.string().trim().max(64, E.timeZone).refine(isTimeZone, E.timeZone),
    // Credits and costs
    message_credits: actionCredits,
    photo_credits: actionCredits,
    gift_credits: actionCredits,
    signup_credits: actionCredits,
    message_length: z
      .number({ error: E.messageLength })
      .int(E.messageLength)
      .min(MESSAGE_LENGTH_MIN, E.messageLength)
      .max(MESSAGE_LENGTH_MAX, E.messageLength),
    minimum_message_costs: z
      .record(servedCountry, minimumMessageCost)
      .refine((r) => Object.keys(r).length <= SERVED_COUNTRIES.length, E.tooLong),
    refund_days: z
      .number({ error: E.refundDays })
      .int(E.refundDays)
      .min(0, E.refundDays)
      .max(REFUND_DAYS_MAX, E.refundDays),
    member_resell: z.boolean(),
    // Fictional profiles' disclosure
    fictional_warning: optionalText(500),
    fictional_singular: optionalText(60),
    fictional_plural: optionalText(60),
    fictional_icon: optionalText(8),
    // Signups and traffic
    signups: z.enum(['all', 'with_trafficsource', 'none']),
    logged_out_search: z.enum(['all', 'none']),
    logged_out_search_trafficsource: z.enum(['all', 'none']),
    enable_site_entry_popup: z.union([
      z.enum(['yes', 'no']),
      uniqueList(servedCountry, SERVED_COUNTRIES.length).refine((l) => l.length > 0, E.countries),
    ]),
    search_fields: uniqueList(z.enum(SEARCH_FIELDS), SEARCH_FIELDS.length),
    visible_profile_fields: uniqueList(z.enum(PROFILE_FIELDS), PROFILE_FIELDS.length),
    visible_profile_notes: z.boolean(),
    // Support and company
    support_email: z.string().trim().max(254, E.email).pipe(z.email(E.email)),
    support_phone: z
      .string()
      .trim()
      .regex(/^\+?[0-9][0-9 ()./-]{4,28}[0-9]$/, E.phone),
    company_id: int4Id,
    company_address_variant: z.enum(['full', 'compact', 'tradename']),
  })
  .strict()
  .superRefine((s, ctx) => {
    if (s.aliases.includes(s.domain))
      ctx.addIssue({ code: 'custom', path: ['aliases'], message: E.duplicate });
    for (const country of Object.keys(s.minimum_message_costs)) {
      const cost = s.minimum_message_costs[country];
      if (cost && cost.currency !== (COUNTRY_CURRENCY[country] ?? 'EUR'))
        ctx.addIssue({
          code: 'custom',
          path: ['minimum_message_costs', country, 'currency'],
          message: E.currency,
        });
    }
    if (Array.isArray(s.enable_site_entry_popup))
      for (const c of s.enable_site_entry_popup)
        if (!s.countries.includes(c))
          ctx.addIssue({ code: 'custom', path: ['enable_site_entry_popup'], message: E.country });
  });
export type SiteSettingsEdit = z.output<typeof siteSettingsEdit>;
export type SiteSettingsEditInput = z.input<typeof siteSettingsEdit>;

const time = z.string().describe('ISO time');

export const adminSiteSummary = z
  .object({
    id: z.number().int(),
    domain: z.string(),
    name: z.string(),
    countries: z.array(z.string()),
    is_default: z.boolean(),
  })
  .meta({ id: 'AdminSiteSummary' });
export type AdminSiteSummary = z.infer<typeof adminSiteSummary>;

/** GET /api/admin/sites.php: every site, in id order. */
export const adminSitesResponse = z.object({ sites: z.array(adminSiteSummary) });
export type AdminSitesResponse = z.infer<typeof adminSitesResponse>;

export const adminSite = z
  .object({
    id: z.number().int(),
    is_default: z.boolean(),
    updated_at: time,
    /** What siteSettingsEdit edits: the site's settings as settings.php answers them, with the aliases. */
    settings: siteSettings
      .omit({ geoip_country: true, geoip_selected_country: true, push_public_key: true })
      .extend({ aliases: z.array(z.string()) }),
    /** Read-only beside the settings: the push key is the server's, the same for every site. */
    push_public_key: z.string().nullable(),
    /** The companies a site may name (company_id), the methods and currencies its countries have. */
    companies: z.array(z.object({ id: z.number().int(), name: z.string() })),
    methods: z.array(z.enum(PAYMENT_METHODS)),
    currencies: z.array(z.string()),
  })
  .meta({ id: 'AdminSite' });
export type AdminSite = z.infer<typeof adminSite>;

/** GET and PUT /api/admin/site.php?id=. */
export const adminSiteResponse = z.object({ site: adminSite });
export type AdminSiteResponse = z.infer<typeof adminSiteResponse>;

// ---------------------------------------------------------------------------------------------
// Credit packages

const priceMap = <K extends z.ZodType<string>>(key: K, max: number) =>
  z.record(key, priceCents).refine((r) => Object.keys(r).length <= max, E.tooLong);

const packageCredits = z
  .number({ error: E.credits })
  .int(E.credits)
  .min(1, E.credits)
  .max(PACKAGE_CREDITS_MAX, E.credits);
const position = z.number({ error: E.position }).int(E.position).min(0, E.position).max(1000, E.position);

const packageFields = z.object({
  credits: packageCredits,
  /** Cents per currency: what every country paying in that currency pays… */
  prices: priceMap(currencyCode, PRICE_CURRENCIES.length),
  /** …unless its country has a price of its own (cents of that country's currency). */
  country_prices: priceMap(servedCountry, SERVED_COUNTRIES.length),
  popular: z.boolean(),
  active: z.boolean(),
  position,
});

const hasAPrice = (p: { prices?: object; country_prices?: object }) =>
  Object.keys(p.prices ?? {}).length + Object.keys(p.country_prices ?? {}).length > 0;

/** POST /api/admin/packages.php: a new package on a site. */
export const packageCreate = packageFields
  .extend({ site_id: int4Id })
  .strict()
  .refine(hasAPrice, { path: ['prices'], message: E.noPrice });
export type PackageCreate = z.output<typeof packageCreate>;

/** PATCH /api/admin/packages.php?id=: the fields to change. */
export const packageEdit = packageFields
  .partial()
  .strict()
  .refine((p) => Object.keys(p).length > 0, { path: ['_'], message: E.required });
export type PackageEdit = z.output<typeof packageEdit>;

export const adminPackage = z
  .object({
    id: z.number().int(),
    site_id: z.number().int(),
    credits: z.number().int(),
    prices: z.record(z.string(), z.number().int()),
    country_prices: z.record(z.string(), z.number().int()),
    popular: z.boolean(),
    active: z.boolean(),
    position: z.number().int(),
    /** Payments that name it (any state): such a package is never deleted, only switched off. */
    payments: z.number().int(),
  })
  .meta({ id: 'AdminPackage' });
export type AdminPackage = z.infer<typeof adminPackage>;

export const adminPackagesResponse = z.object({ packages: z.array(adminPackage) });
export type AdminPackagesResponse = z.infer<typeof adminPackagesResponse>;
export const adminPackageResponse = z.object({ package: adminPackage });
export type AdminPackageResponse = z.infer<typeof adminPackageResponse>;
/** DELETE /api/admin/packages.php?id=: the package is gone. */
export const packageDeletedResponse = z.object({ deleted: z.literal(true) });

// ---------------------------------------------------------------------------------------------
// Discount codes

/** Codes the server makes itself for each member: an operator's code must not shadow them. */
export const RESERVED_CODES: readonly string[] = [TIME_BONUS_CODE, WELCOME_DISCOUNT_CODE];

/** POST /api/admin/discount-codes.php: a new code on a site. */
export const discountCodeCreate = z
  .object({
    site_id: int4Id,
    code: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z0-9-]{3,40}$/, E.code)
      .refine((c) => !RESERVED_CODES.includes(c), E.reservedCode),
    value_percentage: z
      .number({ error: E.percentage })
      .int(E.percentage)
      .min(1, E.percentage)
      .max(100, E.percentage),
    /** Only members paying from this country; null = every country of the site. */
    country: servedCountry.nullable(),
    /** Only prices in this currency; null = any. */
    currency: currencyCode.nullable(),
    /** The package's list price must be at least this (cents); 0 = any order. */
    minimum_order_value: z
      .number({ error: E.price })
      .int(E.price)
      .min(0, E.price)
      .max(PACKAGE_PRICE_MAX_CENTS, E.price),
    /** Only these methods (of the site's); empty = every method. */
    payment_methods: uniqueList(z.enum(PAYMENT_METHODS, { error: E.method }), PAYMENT_METHODS.length),
    /** ISO time; null = no end. Must lie ahead. */
    expires: z.iso.datetime({ offset: true, error: E.expires }).nullable(),
    validity: z.enum(['once_per_user', 'unlimited']),
    /** Paid payments it may lower in all; null = no limit. */
    max_uses: z
      .number({ error: E.uses })
      .int(E.uses)
      .min(1, E.uses)
      .max(DISCOUNT_CODE_USES_MAX, E.uses)
      .nullable(),
  })
  .strict();
export type DiscountCodeCreate = z.output<typeof discountCodeCreate>;
export type DiscountCodeCreateInput = z.input<typeof discountCodeCreate>;

/** PATCH /api/admin/discount-codes.php?id=: switch a code off (or on again). */
export const discountCodeEdit = z.object({ status: z.enum(['active', 'inactive']) }).strict();
export type DiscountCodeEdit = z.infer<typeof discountCodeEdit>;

export const adminDiscountCode = z
  .object({
    id: z.number().int(),
    site_id: z.number().int(),
    code: z.string(),
    value_percentage: z.number().int(),
    country: z.string().nullable(),
    currency: z.string().nullable(),
    minimum_order_value: z.number().int(),
    payment_methods: z.array(z.string()),
    expires: time.nullable(),
    expired: z.boolean(),
    validity: z.enum(['once_per_user', 'unlimited']),
    status: z.enum(['active', 'inactive']),
    max_uses: z.number().int().nullable(),
    /** Paid payments that used it. */
    uses: z.number().int(),
    created_at: time,
  })
  .meta({ id: 'AdminDiscountCode' });
export type AdminDiscountCode = z.infer<typeof adminDiscountCode>;

export const adminDiscountCodesResponse = z.object({ discount_codes: z.array(adminDiscountCode) });
export type AdminDiscountCodesResponse = z.infer<typeof adminDiscountCodesResponse>;
export const adminDiscountCodeResponse = z.object({ discount_code: adminDiscountCode });
export type AdminDiscountCodeResponse = z.infer<typeof adminDiscountCodeResponse>;

// ---------------------------------------------------------------------------------------------
// Gifts

/**
 * The gifts the product knows: each has a name in every catalog (`gifts.<slug>`, main catalogs) and
 * a picture (web/screens/chats/gifts/GiftIcon.tsx; the wrapped present for the ones without their
 * own). A gift is added to the catalogue from these, so members see its name in every language.
 */
export const GIFT_SLUGS = [
  'rose',
  'heart',
  'kiss',
  'chocolates',
  'teddy',
  'cocktail',
  'champagne',
  'diamond',
  'present',
  'cake',
  'coffee',
  'star',
] as const;
export type GiftSlug = (typeof GIFT_SLUGS)[number];

/** A gift's price: its own credits, or null for the site's gift_credits. */
const giftCredits = actionCredits.nullable();

/** POST /api/admin/gifts.php: a gift of GIFT_SLUGS not in the catalogue yet. */
export const giftCreate = z
  .object({
    slug: z.enum(GIFT_SLUGS, { error: E.slug }),
    credits: giftCredits,
    active: z.boolean(),
    position,
  })
  .strict();
export type GiftCreate = z.output<typeof giftCreate>;

/** PATCH /api/admin/gifts.php?id=. */
export const giftEdit = z
  .object({ credits: giftCredits, active: z.boolean(), position })
  .partial()
  .strict()
  .refine((g) => Object.keys(g).length > 0, { path: ['_'], message: E.required });
export type GiftEdit = z.output<typeof giftEdit>;

export const adminGift = z
  .object({
    id: z.number().int(),
    slug: z.string(),
    credits: z.number().int().nullable(),
    active: z.boolean(),
    position: z.number().int(),
  })
  .meta({ id: 'AdminGift' });
export type AdminGift = z.infer<typeof adminGift>;

/** GET /api/admin/gifts.php: the catalogue, and the slugs that could still be added. */
export const adminGiftsResponse = z.object({
  gifts: z.array(adminGift),
  addable: z.array(z.enum(GIFT_SLUGS)),
});
export type AdminGiftsResponse = z.infer<typeof adminGiftsResponse>;
export const adminGiftResponse = z.object({ gift: adminGift });
export type AdminGiftResponse = z.infer<typeof adminGiftResponse>;
