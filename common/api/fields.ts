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
