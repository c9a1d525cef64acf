import cluster from 'node:cluster';
import { openAndPrepare } from './boot';
import { loadConfig, perMachineState } from './config';
import { openDatabase } from './db/client';
import { DataDirLockedError } from './db/lock';
import { type Logger, serverLogger } from './infra/log';
import { serveClusterMetrics } from './infra/metrics';
import { runInstance, startWorkers } from './instance';
import { demoLogins, renewWelcomeLogins } from './seed';
import { demoStaffLines, ensureDemoStaff } from './seed/demo-staff';
import { demoLoginLines, seedOnFirstStart } from './seed/first-start';

/** Every line the server logs is JSON, a failed start too; the start banner below is no log line. */
let log: Logger | undefined;

async function main() {
  const config = loadConfig();
  log = serverLogger(config);
  if (cluster.isWorker) {
    // The primary has migrated and seeded; a worker only serves.
    const database = await openDatabase({ url: config.databaseUrl, pool: config.databasePool, log });
    await runInstance(config, database, undefined, log);
    return;
  }
  for (const { setting, message } of perMachineState(config)) log.warn({ setting }, message);
  let prepared: Awaited<ReturnType<typeof openAndPrepare>>;
  try {
    prepared = await openAndPrepare(config, log);
  } catch (err) {
    if (err instanceof DataDirLockedError) {
      log.fatal({ dataDir: config.dataDir }, err.message);
      process.exit(3);
    }
    throw err;
  }
  const { database, release } = prepared;
  const info = (line: string) => log?.info(line);
  const seededNow = await seedOnFirstStart(config, database.db, info);
  await renewWelcomeLogins(database.db, new Date());
  const logins = await demoLogins(database.db);
  const demoStaff = await ensureDemoStaff(config, database.db, seededNow);

  let port: number;
  if (config.workers > 1) {
    // PostgreSQL only (config.ts): this process forks the servers and keeps no database open.
    await database.close();
    // The sum of the workers' metrics; opened first, so a port already taken stops the start.
    if (config.metrics.port !== undefined) await serveClusterMetrics(config.metrics);
    port = await startWorkers(config.workers, (line) => log?.warn(line));
  } else {
    port = await runInstance(config, database, release, log);
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
  // Before the configuration is read (a configuration error) there is no logger of its own yet.
  (log ?? serverLogger({ logLevel: 'info', databaseUrl: undefined })).fatal(
    err instanceof Error ? err.message : String(err),
  );
  process.exit(1);
});
