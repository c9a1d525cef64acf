import { asc, eq, sql } from 'drizzle-orm';
import type { AdminPackage, PackageCreate, PackageEdit } from '../../../../common/api/admin/sites';
import type { Db, Tx } from '../../../db/client';
import { isForeignKeyViolation, isUniqueViolation } from '../../../db/errors';
import { creditPackages } from '../../../db/schema';
import { ApiError } from '../../../plugins/errors';
import type { Services } from '../../bag';
import { audit } from '../audit';
import { type Actor, changes, fieldError, siteRowOr404 } from './common';

type PackageRow = typeof creditPackages.$inferSelect;

/** Payments naming a package, in any state: such a package stays (bookkeeping points at it). */
// Written out: in a select of whole rows drizzle leaves columns unqualified, and both tables have an id.
const paymentCount = sql<number>`(select count(*)::int from payments p where p.package_id = credit_packages.id)`;

function present(row: PackageRow, paymentsCount: number): AdminPackage {
  return {
    id: row.id,
    site_id: row.siteId,
    credits: row.credits,
    prices: row.prices,
    country_prices: row.countryPrices,
    popular: row.popular,
    active: row.active,
    position: row.position,
    payments: paymentsCount,
  };
}

/** The record an audit row keeps of a package. */
const auditable = (row: PackageRow) => ({
  credits: row.credits,
  prices: row.prices,
  country_prices: row.countryPrices,
  popular: row.popular,
  active: row.active,
  position: row.position,
});

/** GET /api/admin/packages.php?site_id=: every package of a site, switched-off ones too, in display order. */
export async function listPackages(db: Db, siteId: number): Promise<AdminPackage[]> {
  await siteRowOr404(db, siteId);
  const rows = await db
    .select({ row: creditPackages, payments: paymentCount })
    .from(creditPackages)
    .where(eq(creditPackages.siteId, siteId))
    .orderBy(asc(creditPackages.position), asc(creditPackages.credits));
  return rows.map((r) => present(r.row, r.payments));
}

async function packageOr404(db: Db | Tx, id: number) {
  const [found] = await db
    .select({ row: creditPackages, payments: paymentCount })
    .from(creditPackages)
    .where(eq(creditPackages.id, id));
  if (!found) throw new ApiError(404, 'not_found');
  return found;
}

/** A country price is for a country the site serves: elsewhere no member would ever pay it. */
async function checkCountries(
  db: Db | Tx,
  siteId: number,
  countryPrices: Record<string, number> | undefined,
) {
  if (!countryPrices) return;
  const site = await siteRowOr404(db, siteId);
  const served = (site.settings as { countries?: string[] }).countries ?? [];
  const stray = Object.keys(countryPrices).find((c) => !served.includes(c));
  if (stray) throw fieldError(`country_prices.${stray}`, 'sites.errors.siteCountry');
}

const exists = () =>
  new ApiError(409, 'package_exists', { fields: { credits: 'sites.errors.packageExists' } });

/** POST /api/admin/packages.php: a new package, with its audit row. */
export async function createPackage(
  services: Services,
  actor: Actor,
  input: PackageCreate,
): Promise<AdminPackage> {
  const { db } = services;
  await checkCountries(db, input.site_id, input.country_prices);
  try {
    const row = await db.transaction(async (tx) => {
      const [created] = await tx
        .insert(creditPackages)
        .values({
          siteId: input.site_id,
          credits: input.credits,
          prices: input.prices,
          countryPrices: input.country_prices,
          popular: input.popular,
          active: input.active,
          position: input.position,
        })
        .onConflictDoNothing()
        .returning();
      if (!created) throw exists();
      await audit(tx, {
        staffId: actor.id,
        action: 'package.create',
        targetType: 'package',
        targetId: created.id,
        siteId: input.site_id,
        details: { after: auditable(created) },
      });
      return created;
    });
    return present(row, 0);
  } catch (err) {
    if (isUniqueViolation(err)) throw exists();
    throw err;
  }
}

/**
 * PATCH /api/admin/packages.php: changes a package's credits, prices, popularity, availability or
 * place; the audit row keeps the old and new values of what changed. A price takes effect at once:
 * the credits page and the payment read the table (services/money/packages.ts).
 */
export async function editPackage(
  services: Services,
  actor: Actor,
  id: number,
  edit: PackageEdit,
): Promise<AdminPackage> {
  const { db } = services;
  const current = await packageOr404(db, id);
  await checkCountries(db, current.row.siteId, edit.country_prices);
  const diff = changes(auditable(current.row), edit);
  if (!diff) return present(current.row, current.payments);
  try {
    const row = await db.transaction(async (tx) => {
      const [updated] = await tx
        .update(creditPackages)
        .set({
          credits: edit.credits,
          prices: edit.prices,
          countryPrices: edit.country_prices,
          popular: edit.popular,
          active: edit.active,
          position: edit.position,
        })
        .where(eq(creditPackages.id, id))
        .returning();
      if (!updated) throw new ApiError(404, 'not_found');
      await audit(tx, {
        staffId: actor.id,
        action: 'package.update',
        targetType: 'package',
        targetId: id,
        siteId: updated.siteId,
        details: diff,
      });
      return updated;
    });
    return present(row, current.payments);
  } catch (err) {
    if (isUniqueViolation(err)) throw exists();
    throw err;
  }
}

/**
 * DELETE /api/admin/packages.php: removes a package no payment names (one made by mistake). A
 * package that was ever bought stays for the bookkeeping: 409 `package_in_use`, switch it off instead.
 */
export async function deletePackage(services: Services, actor: Actor, id: number): Promise<void> {
  try {
    await services.db.transaction(async (tx) => {
      const current = await packageOr404(tx, id);
      if (current.payments > 0) throw new ApiError(409, 'package_in_use');
      await tx.delete(creditPackages).where(eq(creditPackages.id, id));
      await audit(tx, {
        staffId: actor.id,
        action: 'package.delete',
        targetType: 'package',
        targetId: id,
        siteId: current.row.siteId,
        details: { before: auditable(current.row) },
      });
    });
  } catch (err) {
    // A payment for it started meanwhile: its reference keeps the package.
    if (isForeignKeyViolation(err)) throw new ApiError(409, 'package_in_use');
    throw err;
  }
}
