import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client';
import { sites } from '../../../db/schema';
import { ApiError } from '../../../plugins/errors';

/** Who makes a change in the console: the staff session's id. */
export type Actor = { id: number };

/**
 * The fields that differ between two versions of a record, old and new side by side: what an
 * audit row's `details` keep (before and after). Empty when nothing changed.
 */
export function changes<T extends Record<string, unknown>>(
  before: T,
  after: Partial<T>,
): { before: Partial<T>; after: Partial<T> } | null {
  const was: Partial<T> = {};
  const is: Partial<T> = {};
  for (const key of Object.keys(after) as (keyof T)[]) {
    if (after[key] === undefined) continue;
    if (JSON.stringify(before[key]) === JSON.stringify(after[key])) continue;
    was[key] = before[key];
    is[key] = after[key];
  }
  return Object.keys(is).length > 0 ? { before: was, after: is } : null;
}

/** A site's row, or 404 `not_found` (an unknown site id changes nothing). */
export async function siteRowOr404(db: Db | Tx, id: number) {
  const [row] = await db.select().from(sites).where(eq(sites.id, id));
  if (!row) throw new ApiError(404, 'not_found');
  return row;
}

/** A field error of a request the schema let through but the data refuses (a country the site lacks). */
export function fieldError(field: string, message: string): ApiError {
  return new ApiError(400, 'invalid_input', { fields: { [field]: message } });
}
