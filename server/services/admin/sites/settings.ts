import { eq, ne, sql } from 'drizzle-orm';
import {
  type AdminSite,
  type AdminSiteSummary,
  type SiteSettingsEdit,
  siteCurrencies,
  siteMethods,
} from '../../../../common/api/admin/sites';
import type { Db } from '../../../db/client';
import { isUniqueViolation } from '../../../db/errors';
import { companies, sites } from '../../../db/schema';
import { ApiError } from '../../../plugins/errors';
import type { Services } from '../../bag';
import { toSite } from '../../sites/sites';
import { audit } from '../audit';
import { type Actor, changes, fieldError, siteRowOr404 } from './common';

/** GET /api/admin/sites.php: every site, from the database (not an instance's cache). */
export async function listSites(db: Db): Promise<AdminSiteSummary[]> {
  const rows = await db
    .select()
    .from(sites)
    .innerJoin(companies, eq(sites.companyId, companies.id))
    .orderBy(sites.id);
  return rows.map((r) => {
    const site = toSite(r.sites, r.companies);
    return {
      id: site.id,
      domain: site.domain,
      name: site.settings.name,
      countries: site.settings.countries,
      is_default: site.isDefault,
    };
  });
}

/** The settings as the form edits them: what settings.php answers of the site, with its aliases. */
async function editable(db: Db, id: number) {
  const [row] = await db
    .select()
    .from(sites)
    .innerJoin(companies, eq(sites.companyId, companies.id))
    .where(eq(sites.id, id));
  if (!row) throw new ApiError(404, 'not_found');
  const site = toSite(row.sites, row.companies);
  return { row: row.sites, site, settings: { ...site.settings, aliases: site.aliases } };
}

/** GET /api/admin/site.php: one site's settings with what the form needs beside them. */
export async function siteForAdmin(services: Services, id: number): Promise<AdminSite> {
  const { db } = services;
  const { row, site, settings } = await editable(db, id);
  const companyList = await db
    .select({ id: companies.id, name: companies.name })
    .from(companies)
    .orderBy(companies.id);
  return {
    id: site.id,
    is_default: site.isDefault,
    updated_at: row.updatedAt.toISOString(),
    settings,
    push_public_key: services.push.publicKey,
    companies: companyList,
    methods: siteMethods(site.settings.countries),
    currencies: siteCurrencies(site.settings.countries),
  };
}

/**
 * A host name another site answers to already (its domain or an alias), or null. Host names are
 * unique across sites, or a request could not tell which site it is for.
 */
async function takenHost(db: Db, id: number, names: string[]): Promise<{ name: string } | null> {
  const others = await db
    .select({ domain: sites.domain, aliases: sites.aliases })
    .from(sites)
    .where(ne(sites.id, id));
  const used = new Set(others.flatMap((o) => [o.domain, ...o.aliases]));
  const name = names.find((n) => used.has(n));
  return name ? { name } : null;
}

/**
 * PUT /api/admin/site.php: writes a site's settings, and the audit row with what changed, in one
 * transaction. Served at once by this instance and within a second by every other one
 * (services/sites/sites.ts SiteRegistry). Nothing changed: no write, no audit row.
 */
export async function updateSiteSettings(
  services: Services,
  actor: Actor,
  id: number,
  edit: SiteSettingsEdit,
): Promise<AdminSite> {
  const { db } = services;
  const current = await editable(db, id);
  const [company] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.id, edit.company_id));
  if (!company) throw fieldError('company_id', 'sites.errors.company');
  const taken = await takenHost(db, id, [edit.domain]);
  if (taken) throw new ApiError(409, 'site_domain_taken', { fields: { domain: taken.name } });
  const takenAlias = await takenHost(db, id, edit.aliases);
  if (takenAlias) throw new ApiError(409, 'site_domain_taken', { fields: { aliases: takenAlias.name } });

  const diff = changes(current.settings as unknown as Record<string, unknown>, edit);
  if (!diff) return siteForAdmin(services, id);

  const { domain, aliases, company_id, ...settings } = edit;
  const now = services.now();
  try {
    await db.transaction(async (tx) => {
      const row = await siteRowOr404(tx, id);
      await tx
        .update(sites)
        .set({
          domain,
          aliases,
          companyId: company_id,
          // The row's own keys beside the settings (the sites file's mark) stay.
          settings: { ...row.settings, ...settings },
          // Only ever later (SiteRegistry's version check), also when clocks of instances differ.
          updatedAt: sql`greatest(${now.toISOString()}::timestamptz, ${sites.updatedAt} + interval '1 millisecond')`,
        })
        .where(eq(sites.id, id));
      await audit(tx, {
        staffId: actor.id,
        action: 'site.settings',
        targetType: 'site',
        targetId: id,
        siteId: id,
        details: diff,
      });
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new ApiError(409, 'site_domain_taken', { fields: { domain } });
    throw err;
  }
  services.sites.invalidate();
  return siteForAdmin(services, id);
}
