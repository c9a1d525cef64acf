type Coded = { code?: string; message?: string; cause?: unknown; errors?: unknown[] };

/** The first error of a chain (drizzle wraps the driver's; a refused connection is an AggregateError) with a code. */
function coded(err: unknown, depth = 0): Coded | null {
  if (!err || typeof err !== 'object' || depth > 5) return null;
  const e = err as Coded;
  if (typeof e.code === 'string') return e;
  for (const inner of [e.cause, ...(e.errors ?? [])]) {
    const found = coded(inner, depth + 1);
    if (found) return found;
  }
  return null;
}

/** Where a database URL points, without its password. */
function target(url: string): { server: string; user: string; database: string } {
  try {
    const u = new URL(url);
    return {
      server: `${u.hostname}:${u.port || '5432'}`,
      user: decodeURIComponent(u.username) || '(default user)',
      database: decodeURIComponent(u.pathname.slice(1)) || '(default database)',
    };
  } catch {
    return { server: '(unreadable DATABASE_URL)', user: '?', database: '?' };
  }
}

/**
 * What went wrong when the server could not open or prepare its PostgreSQL database, in words an
 * operator can act on. Without it every cause reads as the first query that failed
 * ("Failed query: CREATE SCHEMA …").
 */
export function databaseStartError(err: unknown, url: string): Error {
  const { server, user, database } = target(url);
  const cause = coded(err);
  const detail = cause?.message ? ` (${cause.message})` : '';
  const say = (text: string) => new Error(`Database: ${text}${detail}`, { cause: err });
  switch (cause?.code) {
    case 'ECONNREFUSED':
      return say(`nothing answers at ${server}: is PostgreSQL running there, on that port?`);
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return say(`the host of ${server} is not known: check the host name in DATABASE_URL`);
    case 'ETIMEDOUT':
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return say(`${server} cannot be reached (no answer in time): check the network and firewall`);
    case '28P01':
      return say(`authentication failed for user "${user}" at ${server}: check the password in DATABASE_URL`);
    case '28000':
      return say(`user "${user}" may not connect to ${server}: check the user and pg_hba.conf`);
    case '3D000':
      return say(
        `database "${database}" does not exist at ${server}: create it (CREATE DATABASE ${database})`,
      );
    case '42501':
      return say(`user "${user}" lacks the rights to create the tables in "${database}"`);
    case '53300':
      return say(`${server} accepts no more connections: lower DATABASE_POOL_SIZE or raise max_connections`);
    case '57P03':
      return say(`${server} is starting up or shutting down: try again in a moment`);
    default:
      return err instanceof Error ? err : new Error(String(err));
  }
}
