import cluster from 'node:cluster';
import { openAndPrepare } from './boot';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { DataDirLockedError } from './db/lock';
import { runInstance, startWorkers } from './instance';
import { demoLogins, renewWelcomeLogins } from './seed';
import { demoStaffLines, ensureDemoStaff } from './seed/demo-staff';
import { demoLoginLines, seedOnFirstStart } from './seed/first-start';

async function main() {
  const config = loadConfig();
  if (cluster.isWorker) {
    // The primary has migrated and seeded; a worker only serves.
    await runInstance(config, await openDatabase({ url: config.databaseUrl, pool: config.databasePool }));
    return;
  }
  let prepared: Awaited<ReturnType<typeof openAndPrepare>>;
  try {
    prepared = await openAndPrepare(config);
  } catch (err) {
    if (err instanceof DataDirLockedError) {
      console.error(err.message);
      process.exit(3);
    }
    throw err;
  }
  const { database, release } = prepared;
  const seededNow = await seedOnFirstStart(config, database.db);
  await renewWelcomeLogins(database.db, new Date());
  const logins = await demoLogins(database.db);
  const demoStaff = await ensureDemoStaff(config, database.db, seededNow);

  let port: number;
  if (config.workers > 1) {
    // PostgreSQL only (config.ts): this process forks the servers and keeps no database open.
    await database.close();
    port = await startWorkers(config.workers);
  } else {
    port = await runInstance(config, database, release);
  }
  const url = `http://localhost:${port}`;
  const processes = config.workers > 1 ? `, ${config.workers} processes` : '';
  console.log(
    `\n  Site running at ${url}  (database: ${database.kind}${processes}, data: ${config.dataDir})\n${demoLoginLines(
      logins,
      port,
    )
      .concat(demoStaffLines(demoStaff, port))
      .map((l) => `${l}\n`)
      .join('')}`,
  );
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
