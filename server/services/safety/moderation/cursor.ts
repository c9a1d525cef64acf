import { type Column, type SQL, sql } from 'drizzle-orm';
import { ApiError } from '../../../plugins/errors';

/**
 * A keyset cursor: the time of the last row shown (as text to the microsecond, so no precision is
 * lost through a JS Date) and the id that breaks ties.
 */
export type Cursor = { at: string; id: number };

export const encodeCursor = (c: Cursor) => Buffer.from(`${c.at}|${c.id}`).toString('base64url');

export function decodeCursor(cursor: string | undefined): Cursor | null {
  if (!cursor) return null;
  const [at, id] = Buffer.from(cursor, 'base64url').toString().split('|');
  if (!at || !/^\d{4}-\d\d-\d\dT[\d:.]+Z$/.test(at) || !/^\d{1,15}$/.test(id ?? ''))
    throw new ApiError(400, 'invalid_input', { fields: { cursor: 'invalid' } });
  return { at, id: Number(id) };
}

/** A timestamp column as the cursor's text (UTC, microseconds). */
export const cursorTime = (column: Column | SQL) =>
  sql<string>`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** The rows after the cursor in the order (time, id), ascending or descending. */
export function afterCursor(time: Column, id: Column, cursor: Cursor | null, direction: 'asc' | 'desc') {
  if (!cursor) return undefined;
  return direction === 'asc'
    ? sql`(${time}, ${id}) > (${cursor.at}::timestamptz, ${cursor.id})`
    : sql`(${time}, ${id}) < (${cursor.at}::timestamptz, ${cursor.id})`;
}
