/**
 * Seeding benchmark: `DATABASE_URL=postgres://… npm run bench:seed [-- --members N] [-- --keep]`.
 * Creates a scratch database `seed_bench` on that server, migrates it, seeds N members (default
 * 100 000) with a fresh portrait pool in a temporary folder, prints the times and drops it again.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../../server/db/client';
import { localStorage } from '../../server/infra/storage';
import { type SeedProgress, seedDemo } from '../../server/seed';
import { syncInterests } from '../../server/services/profiles/interests';
import { syncRegions } from '../../server/services/profiles/regions';
import { readSitesFile } from '../../server/services/sites/site-config';
import { syncSites } from '../../server/services/sites/sites';

const SCRATCH = 'seed_bench';

async function admin(url: string, statement: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

async function main() {
  const { values } = parseArgs({
    options: { members: { type: 'string', default: '100000' }, keep: { type: 'boolean', default: false } },
  });
  const count = Number(values.members);
  const url = process.env.DATABASE_URL;
  if (!url || !/^postgres(ql)?:\/\//.test(url))
    throw new Error('Set DATABASE_URL to a PostgreSQL server (postgres://…).');
  if (!Number.isInteger(count) || count < 1) throw new Error('--members must be a positive whole number.');

  const benchUrl = new URL(url);
  benchUrl.pathname = `/${SCRATCH}`;
  await admin(url, `DROP DATABASE IF EXISTS ${SCRATCH}`);
  await admin(url, `CREATE DATABASE ${SCRATCH}`);
  const media = fs.mkdtempSync(path.join(os.tmpdir(), 'seed-bench-'));
  const database = await openDatabase({ url: benchUrl.toString() });
  try {
    await database.migrate();
    await syncSites(database.db, readSitesFile(path.resolve(process.env.SITES_FILE ?? 'config/sites.json')));
    await syncInterests(database.db);
    await syncRegions(database.db);
    const [server] = (await database.db.execute(sql`SHOW server_version`)).rows as {
      server_version: string;
    }[];

    const started = performance.now();
    let membersStarted = started;
    let lastLine = 0;
    const onProgress = (p: SeedProgress) => {
      if (p.phase === 'members' && p.done === 0) membersStarted = performance.now();
      if (performance.now() - lastLine > 5000 || p.done === p.total) {
        lastLine = performance.now();
        process.stdout.write(`  ${p.phase} ${p.done}/${p.total}\n`);
      }
    };
    await seedDemo({ db: database.db, storage: localStorage(media), count, now: new Date(), onProgress });
    const ended = performance.now();

    const counted = (
      await database.db.execute(sql`
      SELECT (SELECT count(*) FROM members) + (SELECT count(*) FROM profiles) + (SELECT count(*) FROM profile_interests)
           + (SELECT count(*) FROM photos) + (SELECT count(*) FROM credit_ledger) AS rows`)
    ).rows as { rows: string }[];
    const rows = Number(counted[0]?.rows);
    const total = (ended - started) / 1000;
    const portraits = (membersStarted - started) / 1000;
    const inserting = (ended - membersStarted) / 1000;
    console.log(
      [
        `PostgreSQL ${server?.server_version}, ${os.availableParallelism()} cores, Node ${process.version}`,
        `Seeded ${count} members (${rows} rows in 5 tables) in ${total.toFixed(1)} s:`,
        `  portrait pool rendered in ${portraits.toFixed(1)} s`,
        `  members and their rows written in ${inserting.toFixed(1)} s (${Math.round(rows / inserting)} rows/s, ${Math.round(count / inserting)} members/s)`,
      ].join('\n'),
    );
  } finally {
    await database.close();
    fs.rmSync(media, { recursive: true, force: true });
    if (!values.keep) await admin(url, `DROP DATABASE IF EXISTS ${SCRATCH}`);
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
