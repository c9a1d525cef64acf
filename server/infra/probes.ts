import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { EventBus } from './events/bus';
import type { Storage } from './storage';

/** How long one dependency may take to answer a probe before it counts as down. */
const CHECK_TIMEOUT_MS = 2_000;

/** 'ok', or why the check failed (its error's message, or that it did not answer in time). */
async function within(check: () => Promise<unknown>): Promise<string> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      check(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer in ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS);
      }),
    ]);
    return 'ok';
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  } finally {
    clearTimeout(timer);
  }
}

export type Checks = { database: string; redis: string; storage: string };

/** Whether PostgreSQL, Redis (when configured) and the photo store answer now, all at once. */
export async function dependencyChecks(parts: {
  db: Db;
  events: EventBus;
  storage: Storage;
}): Promise<Checks> {
  const { events } = parts;
  const [database, storage, redis] = await Promise.all([
    within(() => parts.db.execute(sql`select 1`)),
    within(() => parts.storage.check()),
    events.check ? within(() => events.check?.() ?? Promise.resolve()) : Promise.resolve('not configured'),
  ]);
  return { database, redis, storage };
}
