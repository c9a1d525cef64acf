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
