import type { Config } from './config';
import { type Database, openDatabase } from './db/client';
import { lockDataDir } from './db/lock';
import { syncInterests } from './services/profiles/interests';
import { syncRegions } from './services/profiles/regions';
import { readSitesFile } from './services/sites/site-config';
import { syncSites } from './services/sites/sites';

/**
 * Opens the database (locking the embedded one), applies migrations and writes the reference data
 * (sites file, interests, regions). Shared by the server, the seed command and the tests.
 */
export async function openAndPrepare(config: Config): Promise<{ database: Database; release: () => void }> {
  const release = config.databaseUrl ? () => {} : lockDataDir(config.dataDir);
  try {
    const database = await openDatabase({
      url: config.databaseUrl,
      dir: config.databaseUrl ? undefined : `${config.dataDir}/db`,
    });
    await database.migrate();
    await syncSites(database.db, readSitesFile(config.sitesFile));
    await syncInterests(database.db);
    await syncRegions(database.db);
    return { database, release };
  } catch (err) {
    release();
    throw err;
  }
}
