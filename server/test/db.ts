import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { openAndPrepare } from '../boot';
import { type Config, loadConfig } from '../config';
import { type Database, openDatabase } from '../db/client';

/**
 * Test databases start from a migrated TEMPLATE with the reference data (sites, interests, regions)
 * already written, because migrating a fresh database takes seconds. The template is
 * built once per code state — keyed by a hash of everything that shapes it — with the very function
 * the server boots with, then copied for every test file: a folder copy for PGlite, `CREATE
 * DATABASE … TEMPLATE` on PostgreSQL (when TEST_DATABASE_URL is set).
 */

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const testSitesFile = path.join(root, 'server/test/sites.json');
const templatesDir = path.join(root, '.tmp/test-db');

function filesUnder(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name))
    .sort();
}

/** Changes whenever a migration, the test sites file or the code that writes reference data changes. */
export function templateKey(): string {
  const hash = createHash('sha256');
  const source = (f: string) =>
    /\.ts$/.test(f) && !/\.test\.ts$/.test(f) && !f.includes(`${path.sep}locales${path.sep}`);
  const inputs = [
    ...filesUnder(path.join(root, 'server/db/migrations')),
    testSitesFile,
    path.join(root, 'server/boot.ts'),
    ...filesUnder(path.join(root, 'server/services')).filter(source),
    ...filesUnder(path.join(root, 'common')).filter(source),
    path.join(root, 'node_modules/country-region-data/package.json'),
    path.join(root, 'node_modules/@electric-sql/pglite/package.json'),
  ];
  for (const file of inputs) {
    hash.update(path.relative(root, file));
    hash.update(fs.existsSync(file) ? fs.readFileSync(file) : '');
  }
  return hash.digest('hex').slice(0, 16);
}

/** The configuration a test server runs with: silent, on the test sites file, data under `dataDir`. */
export function testConfig(dataDir: string, env: NodeJS.ProcessEnv = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    SITES_FILE: testSitesFile,
    LOG_LEVEL: 'silent',
    SEED_MEMBERS: '0',
    ...env,
  });
}

// ---------------------------------------------------------------------------------------------
// PGlite

/** The data folder of a migrated, prepared PGlite database (its `db/` is what the server opens). */
export async function pgliteTemplate(): Promise<string> {
  const key = templateKey();
  const target = path.join(templatesDir, key);
  if (fs.existsSync(path.join(target, 'ready'))) return target;
  fs.mkdirSync(templatesDir, { recursive: true });
  pruneStaleTemplates(key);
  // Built aside and renamed into place, so a test file running in parallel never sees half a template.
  const building = path.join(templatesDir, `${key}.build-${process.pid}-${randomBytes(4).toString('hex')}`);
  const { database, release } = await openAndPrepare(testConfig(building));
  await database.close();
  release();
  fs.writeFileSync(path.join(building, 'ready'), new Date().toISOString());
  try {
    fs.renameSync(building, target);
  } catch {
    // Another worker won the race; its template is the same.
    fs.rmSync(building, { recursive: true, force: true });
  }
  return target;
}

function pruneStaleTemplates(key: string) {
  const hour = 3_600_000;
  for (const name of fs.readdirSync(templatesDir)) {
    if (name.startsWith(key)) continue;
    const dir = path.join(templatesDir, name);
    if (Date.now() - fs.statSync(dir).mtimeMs > hour) fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** An empty data folder in the system's temp folder that `remove()` deletes. */
export function tempDataDir(): { dataDir: string; remove: () => void } {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dating-test-'));
  return { dataDir, remove: () => fs.rmSync(dataDir, { recursive: true, force: true }) };
}

/** A data folder whose embedded database is a copy of the template, as a server would find it after a first start. */
export async function freshDataDir(): Promise<{ dataDir: string; remove: () => void }> {
  const template = await pgliteTemplate();
  const dir = tempDataDir();
  fs.cpSync(path.join(template, 'db'), path.join(dir.dataDir, 'db'), { recursive: true });
  return dir;
}

// ---------------------------------------------------------------------------------------------
// PostgreSQL

const LOCK_ID = 727_001;

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

export async function adminClient(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return client;
}

/** Creates a database for one test file from the template, building the template first when needed. */
async function postgresDatabase(adminUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const template = `tpl_${templateKey()}`;
  const name = `test_${Math.floor(Date.now() / 1000)}_${randomBytes(4).toString('hex')}`;
  const admin = await adminClient(adminUrl);
  try {
    // Serialises template builds and copies across test workers (and engineers sharing the server).
    await admin.query('SELECT pg_advisory_lock($1)', [LOCK_ID]);
    const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [template]);
    if (!rowCount) {
      await dropStale(admin, template);
      const building = `${template}_build`;
      await admin.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
      await admin.query(`CREATE DATABASE ${building}`);
      const { database } = await openAndPrepare(
        testConfig(os.tmpdir(), { DATABASE_URL: withDatabase(adminUrl, building) }),
      );
      await database.close();
      await admin.query(`ALTER DATABASE ${building} RENAME TO ${template}`);
    }
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  } finally {
    await admin.query('SELECT pg_advisory_unlock($1)', [LOCK_ID]).catch(() => {});
    await admin.end();
  }
  return {
    url: withDatabase(adminUrl, name),
    drop: async () => {
      const c = await adminClient(adminUrl);
      try {
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await c.end();
      }
    },
  };
}

/** Drops templates of earlier code states and test databases left by a crashed run (older than an hour). */
async function dropStale(admin: pg.Client, keep: string) {
  const { rows } = await admin.query<{ datname: string }>(
    "SELECT datname FROM pg_database WHERE datname LIKE 'tpl\\_%' OR datname LIKE 'test\\_%'",
  );
  const hourAgo = Date.now() / 1000 - 3600;
  for (const { datname } of rows) {
    const created = Number(datname.split('_')[1]);
    const stale = datname.startsWith('tpl_')
      ? datname !== keep
      : Number.isFinite(created) && created < hourAgo;
    if (stale) await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`).catch(() => {});
  }
}

// ---------------------------------------------------------------------------------------------

export type TestDatabase = {
  database: Database;
  config: Config;
  /** Closes the database (if still open) and deletes it. */
  destroy: () => Promise<void>;
};

/** A database of its own for one test file: PGlite by default, PostgreSQL when TEST_DATABASE_URL is set. */
export async function testDatabase(): Promise<TestDatabase> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  const { dataDir, remove } = adminUrl ? tempDataDir() : await freshDataDir();
  if (adminUrl) {
    const { url, drop } = await postgresDatabase(adminUrl);
    const config = testConfig(dataDir, { DATABASE_URL: url });
    const database = await openDatabase({ url });
    return {
      database,
      config,
      destroy: once(database, async () => {
        await drop();
        remove();
      }),
    };
  }
  const config = testConfig(dataDir);
  const database = await openDatabase({ dir: path.join(dataDir, 'db') });
  return { database, config, destroy: once(database, async () => remove()) };
}

function once(database: Database, after: () => Promise<void>) {
  let done = false;
  return async () => {
    if (done) return;
    done = true;
    await database.close().catch(() => {});
    await after();
  };
}
