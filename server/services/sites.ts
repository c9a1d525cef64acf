import { eq, sql } from 'drizzle-orm';
import type { CompanyInfo } from '../../common/api/company';
import type { SiteSettings } from '../../common/api/settings';
import type { Db } from '../db/client';
import { companies, sites } from '../db/schema';
import { syncDiscountCodes } from './payments/discount-codes';
import { syncPackages } from './payments/packages';
import { SETTING_DEFAULTS, type SitesFile, siteConfigSchema } from './site-config';

/** A site's stored settings, without the per-request fields (geoip). */
export type StoredSettings = Omit<
  SiteSettings,
  'geoip_country' | 'geoip_selected_country' | 'push_public_key'
>;

export type Site = {
  id: number;
  domain: string;
  aliases: string[];
  isDefault: boolean;
  settings: StoredSettings;
  company: CompanyInfo;
};

/** Writes the sites file into the database: the file is the source of truth for what it names. */
export async function syncSites(db: Db, file: SitesFile): Promise<void> {
  await db.transaction(async (tx) => {
    for (const c of file.companies) {
      const row = {
        id: c.id,
        name: c.name,
        address: c.address,
        postalCode: c.postal_code,
        kvk: c.kvk,
        city: c.city,
        country: c.country,
        tradenames: c.tradenames,
        vatNumbers: c.vat_numbers,
        supportPhone: c.support_phone,
        deleteDiscount: c.delete_discount,
        added: new Date(c.added),
      };
      await tx.insert(companies).values(row).onConflictDoUpdate({ target: companies.id, set: row });
    }
    // Exactly one default: the one marked, else the first.
    const defaultIndex = Math.max(
      0,
      file.sites.findIndex((s) => s.default),
    );
    await tx.update(sites).set({ isDefault: false });
    for (const [i, s] of file.sites.entries()) {
      const { domain, aliases, default: _d, company_id, packages, discount_codes, ...settings } = s;
      const row = {
        domain: domain.toLowerCase(),
        aliases: aliases.map((a) => a.toLowerCase()),
        isDefault: i === defaultIndex,
        companyId: company_id,
        settings: { ...SETTING_DEFAULTS, ...settings },
        updatedAt: new Date(),
      };
      const [site] = await tx
        .insert(sites)
        .values(row)
        .onConflictDoUpdate({ target: sites.domain, set: row })
        .returning({ id: sites.id });
      if (site) {
        await syncPackages(tx, site.id, packages);
        await syncDiscountCodes(tx, site.id, discount_codes ?? []);
      }
    }
  });
}

function toSite(row: typeof sites.$inferSelect, company: typeof companies.$inferSelect): Site {
  // Stored settings were validated when written; parse again so a hand-edited row fails loudly.
  const parsed = siteConfigSchema
    .omit({ domain: true, aliases: true, default: true, company_id: true })
    .parse(row.settings);
  return {
    id: row.id,
    domain: row.domain,
    aliases: row.aliases,
    isDefault: row.isDefault,
    settings: {
      ...SETTING_DEFAULTS,
      ...parsed,
      domain: row.domain,
      company_id: row.companyId,
    } as StoredSettings,
    company: {
      name: company.name,
      address: company.address,
      postal_code: company.postalCode,
      kvk: company.kvk,
      city: company.city,
      country: company.country,
      tradenames: company.tradenames,
      vat_numbers: company.vatNumbers,
      support_phone: company.supportPhone,
      delete_discount: company.deleteDiscount,
      added: company.added.toISOString(),
    },
  };
}

const CACHE_MS = 30_000;

/**
 * Resolves the site of a request by host. Sites are read from the database and kept for 30 s, so
 * an edit reaches every instance within that time without a query per request.
 */
export class SiteRegistry {
  private cache: { at: number; sites: Site[] } | null = null;

  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now,
  ) {}

  async all(): Promise<Site[]> {
    if (this.cache && this.now() - this.cache.at < CACHE_MS) return this.cache.sites;
    const rows = await this.db
      .select()
      .from(sites)
      .innerJoin(companies, eq(sites.companyId, companies.id))
      .orderBy(sql`${sites.id}`);
    const list = rows.map((r) => toSite(r.sites, r.companies));
    if (list.length === 0) throw new Error('No site is configured: check the sites file.');
    this.cache = { at: this.now(), sites: list };
    return list;
  }

  invalidate(): void {
    this.cache = null;
  }

  /** The site for a host name (port and a leading www. ignored); an unknown host gets the default site. */
  async resolve(host: string | undefined): Promise<Site> {
    const list = await this.all();
    const name = (host ?? '')
      .toLowerCase()
      .replace(/:\d+$/, '')
      .replace(/^www\./, '');
    return (
      list.find((s) => s.domain === name || s.aliases.includes(name)) ??
      list.find((s) => s.isDefault) ??
      (list[0] as Site)
    );
  }
}
