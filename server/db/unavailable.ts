type Failure = { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown[] };

/** Driver codes of a connection that could not be made or was lost. */
const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
  // PostgreSQL: shutting down, crashed, starting up, too many connections.
  '57P01',
  '57P02',
  '57P03',
  '53300',
]);

/** What node-postgres and PGlite say when there is no connection to use (they set no code). */
const CONNECTION_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Cannot use a pool after calling end|PGlite is closed|connection error|Client was closed/i;

/**
 * Whether a failure means the database cannot be reached right now (rather than a query that is
 * wrong): a request that meets it is answered 503 with Retry-After, and succeeds once it is back.
 * Follows the causes drizzle wraps around the driver's error.
 */
export function isDatabaseUnavailable(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== 'object' || depth > 5) return false;
  const e = err as Failure;
  if (typeof e.code === 'string' && (CONNECTION_CODES.has(e.code) || e.code.startsWith('08'))) return true;
  if (typeof e.message === 'string' && CONNECTION_MESSAGES.test(e.message)) return true;
  return [e.cause, ...(e.errors ?? [])].some((inner) => isDatabaseUnavailable(inner, depth + 1));
}
