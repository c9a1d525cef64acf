// Child of server/db/durability.test.ts: takes the data folder like the server does, then commits
// one row per transaction and prints each id only after its commit returned, until it is killed.
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../db/client';
import { lockDataDir } from '../db/lock';

const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: durability-child.ts <data dir>');
lockDataDir(dataDir);
const { db } = await openDatabase({ dir: path.join(dataDir, 'db') });
await db.execute(
  sql`CREATE TABLE IF NOT EXISTS durability_probe (id serial PRIMARY KEY, payload text NOT NULL)`,
);
process.stdout.write('ready\n');
for (;;) {
  const rows = await db.transaction(async (tx) => {
    const result = await tx.execute<{ id: number }>(
      sql`INSERT INTO durability_probe (payload) VALUES (repeat('x', 200)) RETURNING id`,
    );
    return result.rows;
  });
  process.stdout.write(`committed ${rows[0]?.id}\n`);
}
