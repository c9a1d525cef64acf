import { createHash } from 'node:crypto';
import { eq, or, sql } from 'drizzle-orm';
import type { CompanyInfo } from '../../../common/api/company';
import type { SiteSettings } from '../../../common/api/settings';
import type { Db } from '../../db/client';
import { companies, sites } from '../../db/schema';
import { syncDiscountCodes } from '../money/discount-codes';
import { syncPackages } from '../money/packages';
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

/**
 * What the settings of a site row remember of the sites file (under this key, beside the settings):
 * the entry's domain and a hash of the entry as last written. A restart with an unchanged entry
 * leaves the row alone, so what an admin changed in the console (settings, packages, codes) stays;
 * an entry the operator changed is written again, the file being the source of truth for what it
 * names. The domain finds the row again after the console renamed it.
 */
export const FILE_MARK = '_file';
type FileMark = { domain: string; hash: string };

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
      const mark: FileMark = {
        domain: domain.toLowerCase(),
        hash: createHash('sha256').update(JSON.stringify(s)).digest('base64url'),
      };
      const isDefault = i === defaultIndex;
      const [existing] = await tx
        .select({ id: sites.id, settings: sites.settings })
        .from(sites)
        .where(
          or(
            eq(sites.domain, mark.domain),
            sql`${sites.settings} -> ${FILE_MARK} ->> 'domain' = ${mark.domain}`,
          ),
        )
        // The row the file wrote before wins over one that merely took the domain since.
        .orderBy(sql`${sites.settings} -> ${FILE_MARK} ->> 'domain' = ${mark.domain} desc nulls last`)
        .limit(1);
      const before = existing?.settings[FILE_MARK] as FileMark | undefined;
      if (existing && before?.hash === mark.hash) {
        await tx.update(sites).set({ isDefault }).where(eq(sites.id, existing.id));
        continue;
      }
      const row = {
        domain: mark.domain,
        aliases: aliases.map((a) => a.toLowerCase()),
        isDefault,
        companyId: company_id,
        settings: { ...SETTING_DEFAULTS, ...settings, [FILE_MARK]: mark },
        updatedAt: new Date(),
      };
      const [site] = existing
        ? await tx.update(sites).set(row).where(eq(sites.id, existing.id)).returning({ id: sites.id })
        : await tx.insert(sites).values(row).returning({ id: sites.id });
      if (site) {
        await syncPackages(tx, site.id, packages);
        await syncDiscountCodes(tx, site.id, discount_codes ?? []);
      }
    }
  });
}

export function toSite(row: typeof sites.$inferSelect, company: typeof companies.$inferSelect): Site {
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

/**
 * How often an instance asks the database whether any site changed (one small query), so an edit
 * made in the console on any instance is served everywhere within this time, and at once on the
 * instance that made it (`invalidate`).
 */
const CHECK_MS = 1_000;

/**
 * Resolves the site of a request by host. Sites are read from the database and kept until they
 * change: every row's `updated_at` only grows (an edit sets it past its old value), so the count
 * and the sum of the stamps change with any edit, on whichever instance it was made.
 */
export class SiteRegistry {
  private cache: { checkedAt: number; version: string; sites: Site[] } | null = null;
  private loading: Promise<Site[]> | null = null;
  /** Moves on at every invalidate: a read that began before it must not be kept. */
  private generation = 0;

  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now,
  ) {}

  async all(): Promise<Site[]> {
    if (this.cache && this.now() - this.cache.checkedAt < CHECK_MS) return this.cache.sites;
    if (this.loading) return this.loading;
    // Requests arriving together share one check. While the database does not answer, the sites
    // last read keep serving (pages, files, settings), checked again a second later.
    const loading = this.refresh()
      .catch((err) => {
        if (!this.cache) throw err;
        this.cache.checkedAt = this.now();
        return this.cache.sites;
      })
      .finally(() => {
        if (this.loading === loading) this.loading = null;
      });
    this.loading = loading;
    return loading;
  }

  private async refresh(): Promise<Site[]> {
    const checkedAt = this.now();
    const generation = this.generation;
    const version = await this.version();
    if (this.cache?.version === version) {
      this.cache.checkedAt = checkedAt;
      return this.cache.sites;
    }
    const rows = await this.db
      .select()
      .from(sites)
      .innerJoin(companies, eq(sites.companyId, companies.id))
      .orderBy(sql`${sites.id}`);
    const list = rows.map((r) => toSite(r.sites, r.companies));
    if (list.length === 0) throw new Error('No site is configured: check the sites file.');
    if (generation === this.generation) this.cache = { checkedAt, version, sites: list };
    return list;
  }

  private async version(): Promise<string> {
    const [row] = await this.db
      .select({
        n: sql<number>`count(*)::int`,
        stamps: sql<string>`coalesce(sum(extract(epoch from ${sites.updatedAt})), 0)::text`,
      })
      .from(sites);
    return `${row?.n}:${row?.stamps}`;
  }

  /** Forgets the sites at once (this instance); others see the change at their next check. */
  invalidate(): void {
    this.generation++;
    this.cache = null;
    this.loading = null;
  }

  /** A site by its id (a member's, a complaint's, a socket's), or null for one no longer served. */
  async byId(id: number): Promise<Site | null> {
    return (await this.all()).find((s) => s.id === id) ?? null;
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

/**
 * The host a link to `site` may point at when a request came in on `host`: that host (lower case,
 * without its port) when it is one of the site's own (its domain or an alias, with or without
 * www.), else the site's domain. A Host header is whatever the sender wrote: only a name the site
 * itself lists may ever end up in a mail.
 */
export function ownHost(site: Pick<Site, 'domain' | 'aliases'>, host: string | undefined): string {
  const name = (host ?? '').toLowerCase().replace(/:\d+$/, '');
  const bare = name.replace(/^www\./, '');
  return bare === site.domain || site.aliases.includes(bare) ? name : site.domain;
}
