import { z } from 'zod';
import { LOCALES } from '../constants';
import { countryCode, hostName } from './fields';

export const SEARCH_FIELDS = ['gender', 'country', 'countryregion', 'min_age', 'max_age'] as const;
export const PROFILE_FIELDS = [
  'gender',
  'sexuality',
  'age',
  'relationship_status',
  'hair_colour',
  'eye_colour',
  'body_type',
  'tattoos',
  'reason',
  'interests',
] as const;

/** An IANA time zone name the runtime knows ('Europe/Amsterdam'); Intl is the judge. */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

export const minimumMessageCost = z.object({
  costs: z.number().int().nonnegative().describe('price of one message in cents'),
  currency: z.string().length(3),
});

/** The site settings, as GET /api/settings.php answers them. */
export const siteSettings = z
  .object({
    countries: z.array(countryCode),
    name: z.string(),
    index_title: z.string(),
    description: z.string(),
    visible_profile_fields: z.array(z.enum(PROFILE_FIELDS)),
    visible_profile_notes: z.boolean(),
    geoip_country: countryCode.nullable(),
    geoip_selected_country: countryCode,
    cdn_prefix: z.string(),
    message_credits: z.number().int().nonnegative(),
    photo_credits: z.number().int().nonnegative(),
    gift_credits: z.number().int().nonnegative(),
    signup_credits: z.number().int().nonnegative(),
    message_length: z.number().int().positive(),
    minimum_message_costs: z.record(z.string(), minimumMessageCost),
    support_email: z.string(),
    support_phone: z.string(),
    enable_site_entry_popup: z.union([z.enum(['yes', 'no']), z.array(countryCode)]),
    push_public_key: z.string().nullable(),
    search_fields: z.array(z.enum(SEARCH_FIELDS)),
    domain: z.string(),
    domain_language: z.string(),
    fictional_warning: z.string().nullable(),
    fictional_singular: z.string().nullable(),
    fictional_plural: z.string().nullable(),
    fictional_icon: z.string().nullable(),
    refund_days: z.number().int().nonnegative(),
    signups: z.enum(['all', 'with_trafficsource', 'none']),
    logged_out_search: z.enum(['all', 'none']),
    logged_out_search_trafficsource: z.enum(['all', 'none']),
    member_resell: z.boolean(),
    niche: z.number().int().min(1).max(7),
    company_id: z.number().int(),
    company_address_variant: z.enum(['full', 'compact', 'tradename']),
    mail_name: z.string(),
    time_zone: z
      .string()
      .max(64)
      .refine(isTimeZone, 'unknown time zone')
      .describe("the site's IANA time zone: the swipe game's day starts at midnight there"),
  })
  .meta({ id: 'SiteSettings' });
export type SiteSettings = z.infer<typeof siteSettings>;

export const settingsQuery = z
  .object({
    domain: hostName.optional().describe('the request host, forced by the client'),
    country: countryCode.optional().describe("the visitor's selected country"),
    lang: z.enum(LOCALES).optional(),
  })
  // The route's own query is passed through; unknown keys are accepted but bounded.
  .catchall(z.string().max(200));

export const settingsResponse = z.object({ settings: siteSettings });
export type SettingsResponse = z.infer<typeof settingsResponse>;
