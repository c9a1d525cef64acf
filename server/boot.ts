import type { Config } from './config';
import { type Database, type DatabaseLog, openDatabase } from './db/client';
import { lockDataDir } from './db/lock';
import { databaseStartError } from './db/start-errors';
import { syncInterests } from './services/profiles/interests';
import { syncRegions } from './services/profiles/regions';
import { readSitesFile } from './services/sites/site-config';
import { syncSites } from './services/sites/sites';

/**
 * Opens the database (locking the embedded one), applies migrations and writes the reference data
 * (sites file, interests, regions), one instance at a time. Shared by the server, the migrate and
 * seed commands and the tests.
 */
export async function openAndPrepare(
  config: Config,
  log?: DatabaseLog,
): Promise<{ database: Database; release: () => void }> {
  const release = config.databaseUrl ? () => {} : lockDataDir(config.dataDir);
  try {
    return await prepare(config, release, log);
  } catch (err) {
    release();
    throw config.databaseUrl ? databaseStartError(err, config.databaseUrl) : err;
  }
}

async function prepare(config: Config, release: () => void, log: DatabaseLog | undefined) {
  const database = await openDatabase({
    url: config.databaseUrl,
    pool: config.databasePool,
    log,
    dir: config.databaseUrl ? undefined : `${config.dataDir}/db`,
  });
  try {
    await database.exclusive(async () => {
      await database.migrate();
      await syncSites(database.db, readSitesFile(config.sitesFile));
      await syncInterests(database.db);
      await syncRegions(database.db);
    });
  } catch (err) {
    await database.close().catch(() => {});
    throw err;
  }
  return { database, release };
}
