/**
 * The app on a benchmark database, in a process of its own so that the load tool does not share
 * its event loop, started the way server/main.ts starts it (WORKERS server processes on
 * PostgreSQL, default 1). Prints one JSON line ({ port, host, cookie }) once it listens; stops on SIGTERM.
 */
import cluster from 'node:cluster';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../server/db/client';
import { runInstance, startWorkers } from '../../server/instance';
import { createSession } from '../../server/services/accounts/sessions';
import { benchConfig, openBenchDb } from './prepare';

async function main() {
  const kind = process.argv[2] === 'postgres' ? 'postgres' : 'pglite';
  if (cluster.isWorker) {
    const config = await benchConfig(kind);
    await runInstance(config, await openDatabase({ url: config.databaseUrl, pool: config.databasePool }));
    return;
  }
  const bench = await openBenchDb(kind);
  const { db } = bench.database;
  // The first site's demo login is the member who searches.
  const [demo] = (
    await db.execute(sql`
      SELECT m.id, s.domain FROM members m JOIN sites s ON s.id = m.site_id
      WHERE lower(m.email) = 'demo@demo.invalid' ORDER BY s.id LIMIT 1`)
  ).rows as { id: string; domain: string }[];
  if (!demo) throw new Error('The benchmark database has no demo login: seed it first.');
  const token = await createSession(db, Number(demo.id), new Date());
  const { config } = bench;
  let port: number;
  if (config.workers > 1) {
    await bench.database.close();
    bench.release();
    port = await startWorkers(config.workers);
  } else {
    port = await runInstance(config, bench.database, bench.release);
  }
  process.stdout.write(
    `${JSON.stringify({ port, host: demo.domain, cookie: `auth=${token}`, memberId: Number(demo.id), workers: config.workers })}\n`,
  );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
