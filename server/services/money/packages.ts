import { and, asc, eq, notInArray, sql } from 'drizzle-orm';
import { currencyFor } from '../../../common/rules/payment-methods';
import type { Db, Tx } from '../../db/client';
import { creditPackages } from '../../db/schema';

export type PackageConfig = { credits: number; prices: Record<string, number>; popular?: boolean };
export type CreditPackageRow = typeof creditPackages.$inferSelect;

/**
 * The bundles a site sells when its sites-file entry names none: prices in cents per currency,
 * rounded the way each market expects.
 */
export const DEFAULT_PACKAGES: PackageConfig[] = [
  {
    credits: 20,
    prices: {
      EUR: 995,
      GBP: 895,
      USD: 1095,
      CAD: 1495,
      AUD: 1595,
      NZD: 1795,
      CHF: 995,
      PLN: 4499,
      DKK: 7495,
      NOK: 11495,
      SEK: 11495,
    },
  },
  {
    credits: 50,
    popular: true,
    prices: {
      EUR: 1995,
      GBP: 1795,
      USD: 2195,
      CAD: 2995,
      AUD: 3295,
      NZD: 3595,
      CHF: 1995,
      PLN: 8999,
      DKK: 14995,
      NOK: 22995,
      SEK: 22995,
    },
  },
  {
    credits: 120,
    prices: {
      EUR: 3995,
      GBP: 3495,
      USD: 4395,
      CAD: 5995,
      AUD: 6495,
      NZD: 6995,
      CHF: 3895,
      PLN: 17999,
      DKK: 29995,
      NOK: 45995,
      SEK: 45995,
    },
  },
  {
    credits: 300,
    prices: {
      EUR: 7995,
      GBP: 6995,
      USD: 8795,
      CAD: 11995,
      AUD: 12995,
      NZD: 13995,
      CHF: 7795,
      PLN: 35999,
      DKK: 59995,
      NOK: 91995,
      SEK: 91995,
    },
  },
];

/**
 * Writes a site's packages from the sites file: the file decides which bundles are on sale (others
 * are switched off, never deleted: payments point at them). Without `packages` in the file, a site
 * that has none gets the defaults and a site that has some keeps them.
 */
export async function syncPackages(
  db: Db | Tx,
  siteId: number,
  list: PackageConfig[] | undefined,
): Promise<void> {
  if (!list) {
    const [existing] = await db
      .select({ id: creditPackages.id })
      .from(creditPackages)
      .where(eq(creditPackages.siteId, siteId))
      .limit(1);
    if (existing) return;
  }
  const wanted = list ?? DEFAULT_PACKAGES;
  for (const [position, p] of wanted.entries()) {
    const row = {
      siteId,
      credits: p.credits,
      prices: p.prices,
      popular: p.popular ?? false,
      active: true,
      position,
    };
    await db
      .insert(creditPackages)
      .values(row)
      .onConflictDoUpdate({ target: [creditPackages.siteId, creditPackages.credits], set: row });
  }
  await db
    .update(creditPackages)
    .set({ active: false })
    .where(
      and(
        eq(creditPackages.siteId, siteId),
        notInArray(
          creditPackages.credits,
          wanted.map((p) => p.credits),
        ),
      ),
    );
}

/**
 * What a package costs in a payment country, in cents of the country's currency: the country's own
 * price where the package has one (an admin's price for that market), else the price in the
 * country's currency; undefined when it has neither (not on sale there).
 */
export function packagePrice(pkg: CreditPackageRow, country: string): number | undefined {
  return pkg.countryPrices[country] ?? pkg.prices[currencyFor(country)];
}

/** The packages on sale on a site that have a price in the payment country, in display order. */
export async function packagesOnSale(
  db: Db | Tx,
  siteId: number,
  country: string,
): Promise<CreditPackageRow[]> {
  const rows = await db
    .select()
    .from(creditPackages)
    .where(
      and(
        eq(creditPackages.siteId, siteId),
        eq(creditPackages.active, true),
        sql`(${creditPackages.countryPrices} ? ${country} or ${creditPackages.prices} ? ${currencyFor(country)})`,
      ),
    )
    .orderBy(asc(creditPackages.position), asc(creditPackages.credits));
  return rows;
}

/** One package on sale on a site, or null (unknown, switched off, another site's). */
export async function packageOnSale(
  db: Db | Tx,
  siteId: number,
  id: number,
): Promise<CreditPackageRow | null> {
  const [row] = await db
    .select()
    .from(creditPackages)
    .where(
      and(eq(creditPackages.id, id), eq(creditPackages.siteId, siteId), eq(creditPackages.active, true)),
    );
  return row ?? null;
}

/** A price after a percentage off, in whole cents, rounded half up. */
export function discounted(cents: number, percentage: number): number {
  return Math.round((cents * (100 - percentage)) / 100);
}
