import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type TestDatabase, testDatabase } from '../test/db';
import { compile, runCompiled } from './prepared';

let t: TestDatabase;
beforeAll(async () => {
  t = await testDatabase();
  await t.database.db.execute(sql`CREATE TABLE prepared_probe (n int)`);
});
afterAll(() => t?.destroy());

const count = compile(
  sql`SELECT count(*)::int AS n FROM prepared_probe WHERE n > ${sql.placeholder('min')}::int`,
);
const run = () => runCompiled(t.database.db, count, { min: 0 });

test('a prepared statement answers like the plain one, again and again', async () => {
  await t.database.db.execute(sql`INSERT INTO prepared_probe VALUES (1), (2)`);
  for (let i = 0; i < 7; i++) expect(await run()).toEqual([{ n: 2 }]);
  expect(await runCompiled(t.database.db, count, { min: 1 })).toEqual([{ n: 1 }]);
  await t.database.db.execute(sql`DELETE FROM prepared_probe`);
  expect(await run()).toEqual([{ n: 0 }]);
});

test('never runs inside another caller’s transaction: it waits for it, and sees nothing of a rollback', async () => {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let inserted = () => {};
  const insertedOnce = new Promise<void>((resolve) => {
    inserted = resolve;
  });
  const transaction = t.database.db
    .transaction(async (tx) => {
      await tx.execute(sql`INSERT INTO prepared_probe VALUES (5)`);
      inserted();
      await held;
      throw new Error('rolled back');
    })
    .catch((err: Error) => err.message);
  await insertedOnce;
  const read = run();
  await new Promise((resolve) => setTimeout(resolve, 50));
  release();
  expect(await transaction).toBe('rolled back');
  expect(await read).toEqual([{ n: 0 }]);
});
