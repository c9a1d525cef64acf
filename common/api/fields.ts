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
