import type { Db } from './client';

const byDb = new WeakMap<Db, Map<string, unknown>>();

/**
 * A prepared query of a hot path, built once per database: Drizzle then no longer builds its SQL
 * for every request, and on PostgreSQL the named statement is parsed once per connection and, as
 * its values arrive as parameters, planned once too (a generic plan). `name` must be unique in
 * the app, as PostgreSQL knows the statement by it.
 */
export function prepared<Q>(db: Db, name: string, build: (db: Db, name: string) => Q): Q {
  let queries = byDb.get(db);
  if (!queries) {
    queries = new Map();
    byDb.set(db, queries);
  }
  let query = queries.get(name) as Q | undefined;
  if (query === undefined) {
    query = build(db, name);
    queries.set(name, query);
  }
  return query;
}
