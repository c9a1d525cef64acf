import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { watchPool } from '../infra/metrics';
import * as schema from './schema';

export type Db = ReturnType<typeof drizzlePglite<typeof schema>>;
/** A transaction, accepted wherever a query may run inside one. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  /**
   * Runs `work` while no other instance runs its own: instances starting together on one
   * PostgreSQL migrate one after the other (the later ones find nothing left to do). The embedded
   * database has one process already (the data folder's lock).
   */
  exclusive<T>(work: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
};

/** The advisory lock key of preparing the database (migrations and reference data): any constant. */
const PREPARE_LOCK = 7_341_902_118;

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** The connection pool of one process on PostgreSQL (config.ts: DATABASE_POOL_SIZE and timeouts). */
export type PoolOptions = { size: number; connectTimeoutMs: number; statementTimeoutMs: number };

export const DEFAULT_POOL: PoolOptions = { size: 10, connectTimeoutMs: 5_000, statementTimeoutMs: 30_000 };

/** A real PostgreSQL when a URL is given, otherwise PGlite persisted in `dir` (or in memory). */
/** Where the pool tells of an outage and of its end (the server's logger). */
export type DatabaseLog = {
  warn(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
};

export async function openDatabase(opts: {
  url?: string;
  dir?: string;
  pool?: PoolOptions;
  log?: DatabaseLog;
}): Promise<Database> {
  if (opts.url) {
    const { size, connectTimeoutMs, statementTimeoutMs } = opts.pool ?? DEFAULT_POOL;
    // Without timeouts a database that stops answering holds every request (and the pool) forever.
    const pool = new pg.Pool({
      connectionString: opts.url,
      max: size,
      connectionTimeoutMillis: connectTimeoutMs,
      statement_timeout: statementTimeoutMs || undefined,
    });
    // An idle connection the server ends (a restart, a failover, an administrator, a dropped test
    // database) is an 'error' on the pool, which drops that connection; unheard, it would end the
    // process.
    // A restart ends every idle connection at once: one line when the first ends, one when a new
    // connection is made again, not one per connection.
    let lost = false;
    pool.on('error', (err) => {
      if (lost) return;
      lost = true;
      opts.log?.warn({ err: err.message }, 'database connection lost');
    });
    pool.on('connect', () => {
      if (!lost) return;
      lost = false;
      opts.log?.info({}, 'database back');
    });
    const unwatchPool = watchPool(pool);
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      migrate: () => migratePg(db as never, { migrationsFolder }),
      exclusive: async (work) => {
        // A session lock on one connection held for the whole work; the work itself may use any
        // connection of the pool. It ends with the connection, should this process die meanwhile.
        const client = await pool.connect();
        try {
          await client.query('SELECT pg_advisory_lock($1)', [PREPARE_LOCK]);
          try {
            return await work();
          } finally {
            await client.query('SELECT pg_advisory_unlock($1)', [PREPARE_LOCK]);
          }
        } finally {
          client.release();
        }
      },
      close: () => {
        unwatchPool();
        return pool.end();
      },
    };
  }
  const client = await PGlite.create(opts.dir ? { dataDir: opts.dir } : {});
  const db = drizzlePglite(client, { schema });
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder }),
    exclusive: (work) => work(),
    close: () => client.close(),
  };
}
