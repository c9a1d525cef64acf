import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { openAndPrepare } from './boot';
import { adminClient, testConfig, withDatabase } from './test/db';

const adminUrl = process.env.TEST_DATABASE_URL;

/**
 * Instances of a cluster start together on a new PostgreSQL database: one migrates, the others
 * wait for it and find nothing left to do; none fails. (The embedded database has one process.)
 */
describe.skipIf(!adminUrl)('instances preparing one empty PostgreSQL database together', () => {
  test('all of them come up, and the migrations ran once', async () => {
    const name = `boot_${randomBytes(5).toString('hex')}`;
    const admin = await adminClient(adminUrl as string);
    await admin.query(`CREATE DATABASE ${name}`);
    try {
      const config = testConfig(os.tmpdir(), { DATABASE_URL: withDatabase(adminUrl as string, name) });
      const results = await Promise.allSettled([1, 2, 3, 4].map(() => openAndPrepare(config)));
      const failures = results.flatMap((r) => (r.status === 'rejected' ? [String(r.reason)] : []));
      const started = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
      try {
        expect(failures).toEqual([]);
        const db = started[0]?.database.db;
        const applied = await db?.execute(sql`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`);
        const rows = (applied as unknown as { rows: { n: number }[] }).rows;
        const migrations = (await import('./db/migrations/meta/_journal.json')).entries.length;
        expect(rows[0]?.n).toBe(migrations);
      } finally {
        await Promise.all(started.map((s) => s.database.close()));
      }
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  });
});
