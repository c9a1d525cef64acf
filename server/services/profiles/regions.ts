import { createRequire } from 'node:module';
import { asc, eq } from 'drizzle-orm';
import type { Region } from '../../../common/api/regions';
import { SERVED_COUNTRIES } from '../../../common/rules/locale';
import type { Db } from '../../db/client';
import { regions } from '../../db/schema';

type CountryData = { countryShortCode: string; regions: { name: string; shortCode?: string }[] };

/** The regions of the served countries, from the country-region-data package. */
export function regionsFromPackage(): Region[] {
  const data = createRequire(import.meta.url)('country-region-data/data.json') as CountryData[];
  return data
    .filter((c) => SERVED_COUNTRIES.includes(c.countryShortCode))
    .flatMap((c) =>
      c.regions.map((r) => ({
        country: c.countryShortCode,
        code: `${c.countryShortCode}-${r.shortCode ?? r.name}`,
        name: r.name,
      })),
    );
}

export async function syncRegions(db: Db): Promise<void> {
  const rows = regionsFromPackage();
  await db.transaction(async (tx) => {
    for (let i = 0; i < rows.length; i += 200) {
      await tx
        .insert(regions)
        .values(rows.slice(i, i + 200))
        .onConflictDoNothing();
    }
  });
}

export async function listRegions(db: Db, country?: string): Promise<Region[]> {
  const q = db.select().from(regions);
  const rows = await (country ? q.where(eq(regions.country, country)) : q).orderBy(
    asc(regions.country),
    asc(regions.name),
  );
  return rows.map((r) => ({ country: r.country, code: r.code, name: r.name }));
}
