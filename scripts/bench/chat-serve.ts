/**
 * The chat benchmark's server: a fresh database (PGlite in .tmp/bench/chat-pglite, or the scratch
 * database `chat_bench` on the PostgreSQL server of DATABASE_URL) with N members in pairs, each with
 * credits and a session, and the app listening on loopback in this process of its own. Writes the
 * members' cookies to a file and prints one JSON line ({ port, file }) once it listens.
 * Usage: tsx scripts/bench/chat-serve.ts <pglite|postgres> <members>
 */
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../../server/app';
import { openAndPrepare } from '../../server/boot';
import { loadConfig } from '../../server/config';
import { localStorage } from '../../server/infra/storage';
import { seedDemo } from '../../server/seed';
import { createSession } from '../../server/services/accounts/sessions';
import { BENCH_DIR } from './prepare';

const SCRATCH = 'chat_bench';

export type ChatBenchMember = {
  id: number;
  partner: number;
  conversation: number;
  host: string;
  cookie: string;
};

async function freshPgDatabase(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS ${SCRATCH}`);
    await client.query(`CREATE DATABASE ${SCRATCH}`);
  } finally {
    await client.end();
  }
  const bench = new URL(url);
  bench.pathname = `/${SCRATCH}`;
  return bench.toString();
}

async function main() {
  const kind = process.argv[2] === 'postgres' ? 'postgres' : 'pglite';
  const count = Number(process.argv[3] ?? 2000);
  const dataDir = path.join(BENCH_DIR, `chat-${kind}`);
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.mkdirSync(dataDir, { recursive: true });
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    SITES_FILE: path.resolve(process.env.SITES_FILE ?? 'config/sites.json'),
  };
  if (kind === 'postgres') {
    const url = process.env.DATABASE_URL;
    if (!url || !/^postgres(ql)?:\/\//.test(url))
      throw new Error('Set DATABASE_URL to a PostgreSQL server (postgres://…) for the PostgreSQL run.');
    env.DATABASE_URL = await freshPgDatabase(url);
    // A benchmark takes no real payments: the demo provider, named as production wants it.
    env.PAYMENTS ??= 'demo';
  } else {
    delete env.DATABASE_URL;
  }
  const config = loadConfig(env);
  const { database, release } = await openAndPrepare(config);
  const { db } = database;
  const now = new Date();
  await seedDemo({
    db,
    storage: localStorage(path.join(BENCH_DIR, 'media')),
    poolCacheFile: path.join(BENCH_DIR, 'media', 'demo-pool.json'),
    count,
    now,
  });
  // Every member may chat without limits: confirmed, premium, credits for the whole run.
  await db.execute(sql`
    UPDATE members SET status = 'active', email_confirmed_at = now(), paid_user = true, credits = 1000000,
      invisible = false, deleted_at = NULL`);
  await db.execute(sql`VACUUM ANALYZE`);
  const rows = (
    await db.execute(sql`
      SELECT m.id, m.site_id, s.domain FROM members m JOIN sites s ON s.id = m.site_id
      JOIN profiles p ON p.member_id = m.id
      ORDER BY m.site_id, m.id`)
  ).rows as { id: string; site_id: number; domain: string }[];
  const bySite = new Map<string, { id: string; site_id: number }[]>();
  for (const r of rows) {
    const site = bySite.get(r.domain) ?? [];
    site.push(r);
    bySite.set(r.domain, site);
  }
  const list: ChatBenchMember[] = [];
  // Pairs of neighbours on the same site, already in a chat: the run measures messages, not first contacts.
  for (const [host, siteRows] of bySite) {
    for (let i = 0; i + 1 < siteRows.length; i += 2) {
      const low = Number(siteRows[i]?.id);
      const high = Number(siteRows[i + 1]?.id);
      const [conversation] = (
        await db.execute(sql`
          INSERT INTO conversations (site_id, member_low, member_high, started_by)
          VALUES (${siteRows[i]?.site_id}, ${low}, ${high}, ${low}) RETURNING id`)
      ).rows as { id: string }[];
      const id = Number(conversation?.id);
      await db.execute(sql`
        INSERT INTO conversation_members (conversation_id, member_id, other_member_id)
        VALUES (${id}, ${low}, ${high}), (${id}, ${high}, ${low})`);
      for (const [me, partner] of [
        [low, high],
        [high, low],
      ] as const) {
        const token = await createSession(db, me, now);
        list.push({ id: me, partner, conversation: id, host, cookie: `auth=${token}` });
      }
    }
  }
  const file = path.join(dataDir, 'members.json');
  fs.writeFileSync(file, JSON.stringify(list));

  const app = await buildApp({ config, database });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const port = address && typeof address === 'object' ? address.port : 0;
  process.stdout.write(`${JSON.stringify({ port, file })}\n`);
  process.on('SIGTERM', async () => {
    await app.close();
    await database.close();
    release();
    process.exit(0);
  });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
