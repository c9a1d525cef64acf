import { type Column, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { ApiError } from '../plugins/errors';

/**
 * The keyset cursors of every paged list: the sort values of the last row shown and its id, as
 * base64url of a JSON array, opaque to the client. Each list names the shape it expects; a cursor
 * that does not decode to exactly that shape, or that this server would not have written so, is a
 * 400 invalid_input: never a query error, and never a first page.
 */

type Part = string | number;

export function encodeCursor(values: readonly Part[]): string {
  return Buffer.from(JSON.stringify(values)).toString('base64url');
}

export function decodeCursor<S extends z.ZodType<readonly Part[]>>(cursor: string, shape: S): z.infer<S> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    parsed = undefined;
  }
  const ok = shape.safeParse(parsed);
  // The round trip refuses what base64url decoding forgives (a changed last character, padding).
  if (!ok.success || encodeCursor(ok.data) !== cursor)
    throw new ApiError(400, 'invalid_input', { fields: { cursor: 'invalid' } });
  return ok.data;
}

/** A row id in a cursor. */
export const cursorId = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** The id-only keyset (newest first by id). */
const idShape = z.tuple([cursorId]);
export const encodeIdCursor = (id: number) => encodeCursor([id]);
export const decodeIdCursor = (cursor: string | undefined): number | null =>
  cursor ? decodeCursor(cursor, idShape)[0] : null;

/**
 * A (time, id) keyset: the time of the last row as text to the microsecond (cursorTime), so no
 * precision is lost through a JS Date, and the id that breaks ties.
 */
type TimeCursor = { at: string; id: number };

const TIME_TEXT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
// A day like 02-30 passes the pattern but not the round trip; the database would refuse it.
const cursorTimeText = z
  .string()
  .regex(TIME_TEXT)
  .refine((at) => {
    const ms = `${at.slice(0, 23)}Z`;
    const date = new Date(ms);
    return !Number.isNaN(date.getTime()) && date.toISOString() === ms;
  });
const timeShape = z.tuple([cursorTimeText, cursorId]);

export const encodeTimeCursor = (c: TimeCursor) => encodeCursor([c.at, c.id]);

export function decodeTimeCursor(cursor: string | undefined): TimeCursor | null {
  if (!cursor) return null;
  const [at, id] = decodeCursor(cursor, timeShape);
  return { at, id };
}

/** A timestamp column as a time cursor's text (UTC, microseconds). */
export const cursorTime = (column: Column | SQL) =>
  sql<string>`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** The rows after a time cursor in the order (time, id), ascending or descending. */
export function afterCursor(time: Column, id: Column, cursor: TimeCursor | null, direction: 'asc' | 'desc') {
  if (!cursor) return undefined;
  return direction === 'asc'
    ? sql`(${time}, ${id}) > (${cursor.at}::timestamptz, ${cursor.id})`
    : sql`(${time}, ${id}) < (${cursor.at}::timestamptz, ${cursor.id})`;
}

/**
 * One page of a list whose query asked for one row more than it shows: the rows to show, and the
 * cursor after the last of them, or null when that extra row says there is no next page.
 */
export function keysetPage<R>(rows: R[], size: number, cursorOf: (last: R) => string) {
  const page = rows.slice(0, size);
  const last = page.at(-1);
  return { page, nextCursor: rows.length > size && last !== undefined ? cursorOf(last) : null };
}
