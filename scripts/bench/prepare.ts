/**
 * The benchmark's databases: a scratch database `search_bench` on the PostgreSQL server of
 * DATABASE_URL, and PGlite in .tmp/bench/pglite. Each is seeded up to the asked number of members
 * once and reused by later runs (seeding a million members takes minutes).
 */
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openAndPrepare } from '../../server/boot';
import { type Config, loadConfig } from '../../server/config';
import type { Database } from '../../server/db/client';
import { localStorage } from '../../server/infra/storage';
import { type SeedProgress, seedDemo } from '../../server/seed';

export const BENCH_DIR = path.resolve('.tmp/bench');
const SCRATCH = 'search_bench';

export type BenchDb = {
  kind: 'postgres' | 'pglite';
  config: Config;
  database: Database;
  release: () => void;
};

async function ensurePgDatabase(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [SCRATCH]);
    if (found.rowCount === 0) await client.query(`CREATE DATABASE ${SCRATCH}`);
  } finally {
    await client.end();
  }
  const bench = new URL(url);
  bench.pathname = `/${SCRATCH}`;
  return bench.toString();
}

/**
 * The app's configuration on a benchmark database. The server runs as `npm start` runs it: one
 * process unless WORKERS says more (PostgreSQL only, with Redis on 127.0.0.1:6379 between them
 * unless REDIS_URL says otherwise).
 */
export async function benchConfig(kind: 'postgres' | 'pglite'): Promise<Config> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    LOG_LEVEL: 'silent',
    // The server the benchmark starts listens on a free port of the loopback.
    HOST: '127.0.0.1',
    PORT: '0',
    DATA_DIR: path.join(BENCH_DIR, kind),
    SITES_FILE: path.resolve(process.env.SITES_FILE ?? 'config/sites.json'),
  };
  if (kind === 'postgres') {
    const url = process.env.DATABASE_URL;
    if (!url || !/^postgres(ql)?:\/\//.test(url))
      throw new Error('Set DATABASE_URL to a PostgreSQL server (postgres://…) for the PostgreSQL run.');
    env.DATABASE_URL = await ensurePgDatabase(url);
    // A benchmark takes no real payments: the demo provider, named as production wants it.
    env.PAYMENTS ??= 'demo';
    // Several processes carry chat events between them through Redis (config.ts); the bench's is local.
    if (env.WORKERS && env.WORKERS !== '1') env.REDIS_URL ??= 'redis://127.0.0.1:6379';
  } else {
    delete env.DATABASE_URL;
    env.WORKERS = '1';
  }
  return loadConfig(env);
}

export async function openBenchDb(kind: 'postgres' | 'pglite'): Promise<BenchDb> {
  const config = await benchConfig(kind);
  const { database, release } = await openAndPrepare(config);
  return { kind, config, database, release };
}

/** Seeds the database up to `target` members (none when it has them already) and refreshes statistics. */
export async function seedUpTo(b: BenchDb, target: number, log: (line: string) => void): Promise<void> {
  const { db } = b.database;
  const [row] = (await db.execute(sql`SELECT count(*)::int AS n FROM members`)).rows as { n: number }[];
  const have = row?.n ?? 0;
  if (have >= target) {
    log(`${b.kind}: reusing ${have} members`);
    return;
  }
  log(`${b.kind}: seeding ${target - have} members (have ${have})`);
  const started = performance.now();
  let lastLine = 0;
  const onProgress = (p: SeedProgress) => {
    if (performance.now() - lastLine > 15_000 || p.done === p.total) {
      lastLine = performance.now();
      log(
        `  ${b.kind} ${p.phase} ${p.done}/${p.total} (${Math.round((performance.now() - started) / 1000)} s)`,
      );
    }
  };
  await seedDemo({
    db,
    // One portrait pool for both databases, rendered once.
    storage: localStorage(path.join(BENCH_DIR, 'media')),
    poolCacheFile: path.join(BENCH_DIR, 'media', 'demo-pool.json'),
    count: target - have,
    now: new Date(),
    onProgress,
  });
  await db.execute(sql`VACUUM ANALYZE`);
  log(`${b.kind}: seeded in ${Math.round((performance.now() - started) / 1000)} s`);
}

/**
 * Gives the bench's member (each site's demo login of the first site) `count` chats, once: the chat
 * list is measured for a member with many conversations, each with a few messages, some unread.
 * Partners are members the demo login may discover, as a real chat partner would be.
 */
export async function ensureChats(b: BenchDb, count: number, log: (line: string) => void): Promise<void> {
  const { db } = b.database;
  const [demo] = (
    await db.execute(sql`
      SELECT m.id, m.site_id FROM members m WHERE lower(m.email) = 'demo@demo.invalid' ORDER BY m.site_id LIMIT 1`)
  ).rows as { id: string; site_id: string }[];
  if (!demo) throw new Error('The benchmark database has no demo login: seed it first.');
  const me = Number(demo.id);
  const [row] = (
    await db.execute(sql`SELECT count(*)::int AS n FROM conversation_members WHERE member_id = ${me}`)
  ).rows as { n: number }[];
  const missing = count - (row?.n ?? 0);
  if (missing <= 0) return;
  log(`${b.kind}: giving the demo login ${missing} more chats`);
  await db.execute(sql`
    WITH partners AS (
      SELECT p.member_id AS id, row_number() OVER (ORDER BY p.member_id) AS n
      FROM profiles p JOIN members m ON m.id = p.member_id
      WHERE p.site_id = ${Number(demo.site_id)} AND p.searchable AND m.status = 'active' AND p.member_id <> ${me}
        AND NOT EXISTS (SELECT 1 FROM conversation_members c WHERE c.member_id = ${me} AND c.other_member_id = p.member_id)
      ORDER BY p.member_id LIMIT ${missing}
    ), convs AS (
      INSERT INTO conversations (site_id, member_low, member_high, started_by, created_at)
      SELECT ${Number(demo.site_id)}, least(${me}, id), greatest(${me}, id), id, now() - n * interval '1 hour'
      FROM partners RETURNING id, member_low, member_high
    ), msgs AS (
      INSERT INTO messages (conversation_id, sender_id, client_id, body, credits, created_at)
      SELECT c.id, CASE WHEN k % 2 = 0 THEN ${me} ELSE c.member_low + c.member_high - ${me} END,
        gen_random_uuid(), 'Bench message ' || k, 0, now() - (4 - k) * interval '1 minute'
      FROM convs c CROSS JOIN generate_series(1, 3) AS k
      RETURNING id, conversation_id, sender_id, created_at
    ), last AS (
      SELECT DISTINCT ON (conversation_id) conversation_id, id, created_at FROM msgs ORDER BY conversation_id, id DESC
    )
    INSERT INTO conversation_members
      (conversation_id, member_id, other_member_id, unread_count, last_message_id, last_message_at)
    SELECT c.id, side.member_id, side.other_id, side.unread, l.id, l.created_at
    FROM convs c JOIN last l ON l.conversation_id = c.id
    CROSS JOIN LATERAL (VALUES
      (${me}, c.member_low + c.member_high - ${me}, 1),
      (c.member_low + c.member_high - ${me}, ${me}, 0)) AS side(member_id, other_id, unread)`);
}
