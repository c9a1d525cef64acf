import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { isUniqueViolation } from '../db/errors';
import { storageFor } from '../infra/storage/for-config';
import { type DemoLogin, type SeedProgress, seedDemo } from './index';

/**
 * Where seeding keeps its images: the storage the server serves /media from (app.ts). The pool
 * cache is a local file even with S3, as it only spares this machine redrawing the portraits.
 */
export function seedStorage(config: Config) {
  const poolCacheFile = path.join(config.dataDir, 'media', 'demo-pool.json');
  return { storage: storageFor(config), poolCacheFile };
}

/**
 * Seeds SEED_MEMBERS demo members when the database has no member yet, logging plain lines (a
 * server log is no terminal). Two instances starting together on one empty PostgreSQL both try;
 * the later one trips over the unique demo login in its first batch, rolls back and carries on.
 */
export async function seedOnFirstStart(
  config: Config,
  db: Db,
  log: (line: string) => void = console.log,
): Promise<boolean> {
  if (config.seedMembers === 0) return false;
  const [row] = (await db.execute(sql`SELECT EXISTS (SELECT 1 FROM members) AS seeded`)).rows as {
    seeded: boolean;
  }[];
  if (row?.seeded) return false;
  log(`First start: seeding ${config.seedMembers} demo members (SEED_MEMBERS=0 turns this off).`);
  const started = Date.now();
  let lastQuarter = -1;
  const onProgress = ({ phase, done, total }: SeedProgress) => {
    const quarter = Math.floor((4 * done) / Math.max(total, 1));
    if (phase === 'portraits' && quarter !== lastQuarter) {
      lastQuarter = quarter;
      log(`  drawing demo portraits: ${done}/${total}`);
    }
    if (phase === 'members' && done > 0) log(`  demo members: ${done}/${total}`);
  };
  try {
    await seedDemo({ db, count: config.seedMembers, now: new Date(), onProgress, ...seedStorage(config) });
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    log('  another instance is seeding this database; skipping.');
    return false;
  }
  log(`  seeded in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  return true;
}

const LOGIN_LABELS: Record<DemoLogin['kind'], string> = {
  demo: 'Demo login',
  welcome: 'Welcome discount login',
};

/** The start-up banner lines naming the demo logins of each site. */
export function demoLoginLines(logins: DemoLogin[], port: number): string[] {
  const width = Math.max(...Object.values(LOGIN_LABELS).map((l) => l.length));
  return logins.map(
    (l) =>
      `  ${LOGIN_LABELS[l.kind].padEnd(width)} on http://${l.domain}:${port}  ${l.email} / ${l.password}`,
  );
}
