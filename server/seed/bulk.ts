import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client';

type Executor = Pick<Db, 'execute'>;

const BUILT_IN = new Set(['bigint', 'int', 'smallint', 'text', 'bool', 'date', 'timestamptz']);

/** One column of a bulk insert: its name, its PostgreSQL type and one value per row. */
export type Column = readonly [name: string, type: string, values: readonly unknown[]];

/**
 * Inserts many rows in one statement by passing each column as one array parameter and unnesting
 * them on the server. The statement has as many parameters as columns, so the 65 535-parameter
 * limit of a multi-row VALUES never applies, and it reads the same on PGlite and PostgreSQL.
 */
export async function insertColumns(
  db: Executor,
  table: string,
  columns: readonly Column[],
  opts: { overridingSystemValue?: boolean } = {},
): Promise<void> {
  const first = columns[0];
  if (!first || first[2].length === 0) return;
  for (const [name, , values] of columns) {
    if (values.length !== first[2].length)
      throw new Error(`column ${table}.${name} has ${values.length} values`);
  }
  const names = sql.raw(columns.map(([name]) => `"${name}"`).join(', '));
  // Enum arrays travel as text[]: PGlite only knows how to encode arrays of built-in types.
  const arrays: SQL[] = columns.map(([, type, values]) =>
    BUILT_IN.has(type)
      ? sql`${sql.param(values)}::${sql.raw(type)}[]`
      : sql`${sql.param(values)}::text[]::${sql.raw(`"${type}"`)}[]`,
  );
  const overriding = opts.overridingSystemValue ? sql.raw(' OVERRIDING SYSTEM VALUE') : sql.raw('');
  await db.execute(
    sql`INSERT INTO ${sql.raw(`"${table}"`)} (${names})${overriding} SELECT * FROM unnest(${sql.join(arrays, sql`, `)})`,
  );
}

/**
 * Takes `count` values from the identity sequence of `table`.id. The rows are then inserted with
 * those ids, so the rows that point at them (profiles, photos, main_photo_id) are built without a
 * round trip per member, and the ids still come from the column's own sequence.
 */
export async function reserveIds(db: Executor, table: string, count: number): Promise<number[]> {
  if (count === 0) return [];
  const result = await db.execute(
    sql`SELECT nextval(pg_get_serial_sequence(${table}, 'id'))::text AS id FROM generate_series(1, ${count})`,
  );
  return (result.rows as { id: string }[]).map((r) => Number(r.id)).sort((a, b) => a - b);
}
