import { asc } from 'drizzle-orm';
import type { Interest } from '../../../common/api/interests';
import type { Locale } from '../../../common/constants';
import { INTERESTS } from '../../../common/profile-options';
import type { Db } from '../../db/client';
import { interests } from '../../db/schema';
import { translate } from '../../i18n';

/** Keeps the interests table equal to the list in common/profile-options.ts (ids are stable positions). */
export async function syncInterests(db: Db): Promise<void> {
  const rows = INTERESTS.map((i, index) => ({ id: index + 1, slug: i.slug, icon: i.icon }));
  for (const row of rows) {
    await db.insert(interests).values(row).onConflictDoUpdate({ target: interests.id, set: row });
  }
}

export async function listInterests(db: Db, lng: Locale): Promise<Interest[]> {
  const rows = await db.select().from(interests).orderBy(asc(interests.id));
  return rows.map((r) => ({
    id: r.id,
    slug: r.slug,
    icon: r.icon,
    label: translate(lng, `interest.${r.slug}`),
  }));
}
