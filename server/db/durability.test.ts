import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, expect, test } from 'vitest';
import { freshDataDir } from '../test/db';
import { type Child, runTs, stop } from '../test/process';
import { openDatabase } from './client';
import { lockDataDir } from './lock';

let child: Child | undefined;
let remove: (() => void) | undefined;
afterEach(() => {
  stop(child);
  remove?.();
});

test('kill -9 loses no committed row of the embedded database, and its stale lock does not block a restart', async () => {
  const fresh = await freshDataDir();
  remove = fresh.remove;
  child = runTs('server/test/durability-child.ts', [fresh.dataDir]);
  await child.waitFor(/^ready$/m, 60_000);
  // Kill it mid-stream, while it is committing one row after another.
  await child.waitFor(/^committed 300$/m, 60_000);
  child.process.kill('SIGKILL');
  expect(await child.exited).toBe('SIGKILL');

  const committed = [...child.output().matchAll(/^committed (\d+)$/gm)].map((m) => Number(m[1]));
  expect(committed.length).toBeGreaterThanOrEqual(300);

  const release = lockDataDir(fresh.dataDir);
  const database = await openDatabase({ dir: path.join(fresh.dataDir, 'db') });
  try {
    const result = await database.db.execute<{ id: number }>(sql`SELECT id FROM durability_probe`);
    const stored = new Set(result.rows.map((r) => Number(r.id)));
    expect(committed.filter((id) => !stored.has(id))).toEqual([]);
  } finally {
    await database.close();
    release();
  }
}, 120_000);
