/**
 * `npm run migrate`: brings the database up to this release (migrations, sites file, interests,
 * regions) and exits, for release pipelines and container init steps that migrate before the new
 * instances start. Instances starting meanwhile wait for it (an advisory lock), then find nothing
 * left to do. Exit codes: 0 done, 1 failed (the cause is printed), 3 embedded database in use.
 */
import { openAndPrepare } from './boot';
import { loadConfig } from './config';
import { DataDirLockedError } from './db/lock';

async function main() {
  const config = loadConfig();
  try {
    const { database, release } = await openAndPrepare(config);
    await database.close();
    release();
    console.log(`Database ready (${database.kind}).`);
  } catch (err) {
    if (err instanceof DataDirLockedError) {
      console.error(`${err.message}\nThe embedded database migrates when the server starts.`);
      process.exit(3);
    }
    throw err;
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
