import { createHash } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import { fillPlaceholders, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Db } from '../db/client';

/**
 * Named prepared statements of raw SQL, for the few statements that run thousands of times a
 * second and that Drizzle's query builder cannot express, so the `.prepare()` of db/prepared.ts does
 * not reach them (a chat send: data-modifying CTEs). Planning a statement of several CTEs costs far
 * more than running it, and building its SQL costs JavaScript time on every call: such a statement
 * is written with placeholders, compiled once (`compile`) and prepared once per connection. On
 * PostgreSQL the pool's connections prepare it. On PGlite, where Drizzle's driver plans every
 * execution again, a node-postgres client over the same PGlite instance prepares it, inside
 * PGlite's locks, so it never runs in the middle of another caller's transaction.
 */

type Rows = Record<string, unknown>[];
type Runner = (name: string, text: string, values: unknown[]) => Promise<Rows>;

/** A statement's SQL text with its parameters (placeholders to fill) and the name it is prepared under. */
export type Compiled = { name: string; text: string; params: unknown[] };

const dialect = new PgDialect();
const runners = new WeakMap<Db, Promise<Runner>>();

/** PGlite's own locks: the one a transaction holds from BEGIN to COMMIT, and the one of each query. */
type LockedPGlite = PGlite & {
  _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T>;
  _runExclusiveQuery<T>(fn: () => Promise<T>): Promise<T>;
};

async function createRunner(db: Db): Promise<Runner> {
  const client = (db as unknown as { $client: unknown }).$client;
  if (client instanceof pg.Pool)
    return async (name, text, values) => (await client.query({ name, text, values })).rows;
  if (client instanceof PGlite) {
    const lite = client as LockedPGlite;
    const connection = new pg.Client(createPgConfig(lite) as unknown as pg.ClientConfig);
    await connection.connect();
    return (name, text, values) =>
      lite._runExclusiveTransaction(() =>
        lite._runExclusiveQuery(async () => (await connection.query({ name, text, values })).rows),
      );
  }
  throw new Error('prepared statements need PostgreSQL or PGlite');
}

/** Whether the database is the embedded PGlite (one engine in this process) rather than PostgreSQL. */
export function isEmbedded(db: Db): boolean {
  return (db as unknown as { $client: unknown }).$client instanceof PGlite;
}

/** Compiles a statement once; its name follows its text, so each shape is prepared once per connection. */
export function compile(statement: SQL): Compiled {
  const { sql: text, params } = dialect.sqlToQuery(statement);
  return { name: `p_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`, text, params };
}

/** Runs a compiled statement with its placeholders filled from `values`. */
export async function runCompiled(
  db: Db,
  compiled: Compiled,
  values: Record<string, unknown>,
): Promise<Rows> {
  let runner = runners.get(db);
  if (!runner) {
    runner = createRunner(db);
    runners.set(db, runner);
  }
  return (await runner)(compiled.name, compiled.text, fillPlaceholders(compiled.params, values));
}
