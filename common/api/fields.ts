import { z } from 'zod';

/** ISO 3166-1 alpha-2, upper case. */
export const countryCode = z
  .string()
  .regex(/^[A-Z]{2}$/, 'country code')
  .max(2);

/** A host name as a browser sends it (no port), bounded. */
export const hostName = z
  .string()
  .max(253)
  .regex(/^[a-z0-9.-]+$/i, 'host name');

/**
 * An e-mail address as members type it: trimmed, bounded, checked by zod's address pattern (which
 * accepts reserved test domains such as `.invalid`). The message is a catalog key ('Ongeldige e-mail').
 */
export const emailAddress = z.string().trim().max(254, 'validation.email').pipe(z.email('validation.email'));

/**
 * The `cursor` of a paged list: the `next_cursor` of the page before, opaque to the client
 * (base64url). The server decides whether it names a place in its list (400 when not).
 */
export const keysetCursor = z
  .string()
  .max(400)
  .regex(/^[A-Za-z0-9_-]+$/, 'cursor');

/** The largest value of a PostgreSQL `integer` (int4) column. */
export const INT4_MAX = 2_147_483_647;

/**
 * The id of a row keyed by an `integer` column (sites, companies, packages, gifts, discount codes,
 * staff), in a JSON body: a larger number could only fail the query, so it is invalid input.
 */
export const int4Id = z.number().int().positive().max(INT4_MAX);
/** The same in a query string (`?site_id=2`). */
export const int4IdParam = z.coerce.number().int().positive().max(INT4_MAX);

/**
 * Where in a value a string holds a NUL character (its path, [] for the value itself; for a key,
 * the path of its object), or null when none does. Walked without recursion, so no nesting depth
 * can overflow the stack.
 */
export function nulPath(value: unknown): (string | number)[] | null {
  const pending: [unknown, (string | number)[]][] = [[value, []]];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [item, path] = next;
    if (typeof item === 'string') {
      if (item.includes('\u0000')) return path;
    } else if (Array.isArray(item)) {
      item.forEach((v, i) => {
        pending.push([v, [...path, i]]);
      });
    } else if (item !== null && typeof item === 'object') {
      for (const [k, v] of Object.entries(item)) {
        if (k.includes('\u0000')) return path;
        pending.push([v, [...path, k]]);
      }
    }
  }
  return null;
}

/**
 * What every request is before its own schema looks at it (a route's body, query string and path
 * parameters, a socket frame): an object, since each of the API's is one, so that null, a number,
 * a string or an array is refused before a refinement reads a field of it; and without a NUL
 * character in any string, which PostgreSQL stores in neither text nor JSON columns, so that one
 * is refused as invalid input instead of failing the query.
 */
const requestShape = z.unknown().superRefine((value, ctx) => {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    ctx.addIssue({ code: 'custom', message: 'validation.invalid', input: value });
    return;
  }
  const path = nulPath(value);
  if (path) ctx.addIssue({ code: 'custom', path, message: 'validation.invalid', input: value });
});

/** A request schema behind the checks every request passes first (requestShape). */
export function requestSchema<T extends z.ZodType>(schema: T) {
  return requestShape.pipe(schema);
}
