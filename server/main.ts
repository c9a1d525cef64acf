import { buildApp } from './app';
import { openAndPrepare } from './boot';
import { loadConfig } from './config';
import { DataDirLockedError } from './db/lock';
import { demoLogins } from './seed';
import { demoLoginLines, seedOnFirstStart } from './seed/first-start';
import { startAccountPurge } from './services/account-purge';
import { RedisBus } from './services/events/redis';

async function main() {
  const config = loadConfig();
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
  await seedOnFirstStart(config, database.db);
  // With REDIS_URL, events reach sockets on every instance; without it, the in-process bus.
  const events = config.redisUrl ? new RedisBus(config.redisUrl, console) : undefined;
  const app = await buildApp({ config, database, events });
  // Every instance runs the timer; the database lets one of them purge per interval.
  const stopPurge = startAccountPurge(app.services, app.log);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'draining requests and closing the database');
    try {
      await stopPurge();
      await app.close();
      await database.close();
    } finally {
      release();
      process.exit(0);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  const port = (app.server.address() as { port: number }).port;
  const url = `http://localhost:${port}`;
  const logins = demoLoginLines(await demoLogins(database.db), port);
  console.log(
    `\n  Site running at ${url}  (database: ${database.kind}, data: ${config.dataDir})\n${logins.map((l) => `${l}\n`).join('')}`,
  );
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
