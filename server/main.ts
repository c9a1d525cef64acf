import { buildApp } from './app';
import { openAndPrepare } from './boot';
import { loadConfig } from './config';
import { DataDirLockedError } from './db/lock';

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
  const app = await buildApp({ config, database });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'draining requests and closing the database');
    try {
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
  const url = `http://localhost:${(app.server.address() as { port: number }).port}`;
  console.log(`\n  Site running at ${url}  (database: ${database.kind}, data: ${config.dataDir})\n`);
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
