import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, test } from 'vitest';
import { adminClient, type TestDatabase, testDatabase } from '../test/db';
import { openDatabase } from './client';

// PostgreSQL ending the pool's connections (a restart, a failover) as the log tells of it.

let shared: TestDatabase | undefined;
afterAll(async () => {
  await shared?.destroy();
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('a database outage in the log', () => {
  test('one line when the connections end and one when a new one is made, not one per connection', async () => {
    shared = await testDatabase();
    const url = shared.config.databaseUrl as string;
    const lines: string[] = [];
    const log = {
      warn: (_obj: object, msg: string) => lines.push(`warn ${msg}`),
      info: (_obj: object, msg: string) => lines.push(`info ${msg}`),
    };
    const database = await openDatabase({
      url,
      pool: { size: 4, connectTimeoutMs: 5_000, statementTimeoutMs: 30_000 },
      log,
    });
    try {
      // Four idle connections in the pool.
      await Promise.all([1, 2, 3, 4].map(() => database.db.execute(sql`SELECT pg_sleep(0.05)`)));
      const admin = await adminClient(process.env.TEST_DATABASE_URL as string);
      try {
        const { rows } = await admin.query<{ ended: boolean }>(
          `SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity
            WHERE datname = $1 AND pid <> pg_backend_pid()`,
          [new URL(url).pathname.slice(1)],
        );
        expect(rows.filter((r) => r.ended).length).toBeGreaterThanOrEqual(4);
      } finally {
        await admin.end();
      }
      await new Promise((r) => setTimeout(r, 300));
      expect(lines).toEqual(['warn database connection lost']);

      await database.db.execute(sql`SELECT 1`);
      await database.db.execute(sql`SELECT 1`);
      expect(lines).toEqual(['warn database connection lost', 'info database back']);
    } finally {
      await database.close();
    }
  });
});
