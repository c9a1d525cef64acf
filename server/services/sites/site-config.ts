import fs from 'node:fs';
import { z } from 'zod';
import { companyInfo } from '../../../common/api/company';
import { siteSettings } from '../../../common/api/settings';
import { PAYMENT_METHODS } from '../../../common/rules/payment-methods';

/** What an operator writes per site in the sites file (README "Sites"). Computed fields are left out. */
export const siteConfigSchema = siteSettings
  .omit({
    geoip_country: true,
    geoip_selected_country: true,
    domain: true,
    company_id: true,
    push_public_key: true,
  })
  .partial({
    description: true,
    visible_profile_fields: true,
    visible_profile_notes: true,
    cdn_prefix: true,
    message_credits: true,
    photo_credits: true,
    gift_credits: true,
    signup_credits: true,
    message_length: true,
    minimum_message_costs: true,
    enable_site_entry_popup: true,
    search_fields: true,
    fictional_warning: true,
    fictional_singular: true,
    fictional_plural: true,
    fictional_icon: true,
    refund_days: true,
    signups: true,
    logged_out_search: true,
    logged_out_search_trafficsource: true,
    member_resell: true,
    company_address_variant: true,
    time_zone: true,
  })
  .extend({
    domain: z.string().min(1).max(253),
    aliases: z.array(z.string().max(253)).default([]),
    default: z.boolean().default(false),
    company_id: z.number().int(),
    /** The credit bundles on sale; without it a new site gets the default ones (services/money/packages.ts). */
    packages: z
      .array(
        z.object({
          credits: z.number().int().positive(),
          prices: z.record(z.string().regex(/^[A-Z]{3}$/), z.number().int().positive()),
          popular: z.boolean().optional(),
        }),
      )
      .min(1)
      .optional(),
    /** Discount codes the operator hands out; synced by code. */
    discount_codes: z
      .array(
        z.object({
          code: z.string().regex(/^[A-Z0-9-]{1,40}$/, 'upper-case letters, digits and dashes'),
          value_percentage: z.number().int().min(1).max(100),
          country: z
            .string()
            .regex(/^[A-Z]{2}$/)
            .nullable()
            .default(null),
          currency: z
            .string()
            .regex(/^[A-Z]{3}$/)
            .nullable()
            .default(null),
          minimum_order_value: z.number().int().nonnegative().default(0),
          expires: z.iso.datetime({ offset: true }).nullable().default(null),
          validity: z.enum(['once_per_user', 'unlimited']).default('once_per_user'),
          payment_methods: z.array(z.enum(PAYMENT_METHODS)).default([]),
          status: z.enum(['active', 'inactive']).default('active'),
        }),
      )
      .optional(),
  });
export type SiteConfig = z.infer<typeof siteConfigSchema>;

export const sitesFileSchema = z
  .object({
    companies: z.array(companyInfo.extend({ id: z.number().int() })).min(1),
    sites: z.array(siteConfigSchema).min(1),
  })
  .superRefine((file, ctx) => {
    const ids = new Set(file.companies.map((c) => c.id));
    file.sites.forEach((s, i) => {
      if (!ids.has(s.company_id))
        ctx.addIssue({ code: 'custom', path: ['sites', i, 'company_id'], message: 'unknown company' });
    });
    if (file.sites.filter((s) => s.default).length > 1)
      ctx.addIssue({ code: 'custom', path: ['sites'], message: 'at most one site may be the default' });
  });
export type SitesFile = z.infer<typeof sitesFileSchema>;

/** Defaults for the settings a site file may leave out. */
export const SETTING_DEFAULTS = {
  description: '',
  visible_profile_fields: [
    'age',
    'relationship_status',
    'hair_colour',
    'eye_colour',
    'body_type',
    'tattoos',
    'reason',
    'interests',
  ],
  visible_profile_notes: true,
  cdn_prefix: '',
  message_credits: 1,
  photo_credits: 2,
  gift_credits: 5,
  signup_credits: 3,
  message_length: 1000,
  minimum_message_costs: {},
  enable_site_entry_popup: 'yes',
  search_fields: ['gender', 'country', 'countryregion', 'min_age', 'max_age'],
  fictional_warning: null,
  fictional_singular: null,
  fictional_plural: null,
  fictional_icon: null,
  refund_days: 14,
  signups: 'all',
  logged_out_search: 'all',
  logged_out_search_trafficsource: 'all',
  member_resell: false,
  company_address_variant: 'full',
  time_zone: 'Europe/Amsterdam',
} as const;

export function readSitesFile(file: string): SitesFile {
  let raw: unknown;
  try {
    raw = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (err) {
    throw new Error(`Cannot read the sites file ${file}: ${(err as Error).message}`);
  }
  const parsed = sitesFileSchema.safeParse(raw);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`The sites file ${file} is invalid:\n${lines.join('\n')}`);
  }
  return parsed.data;
}
