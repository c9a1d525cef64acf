import { and, asc, inArray, isNotNull, lt, lte, notInArray, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { members, photos, rateCounters } from '../../db/schema';
import { countJob } from '../../infra/metrics';
import { hitRate } from '../../infra/rate-limit';
import type { Storage } from '../../infra/storage';
import { reactivationCutoff } from './account';

type PurgeServices = { db: Db; storage: Storage; now: () => Date };

/** How often an instance looks for accounts to erase; one instance does it per interval. */
export const PURGE_INTERVAL_MS = 60 * 60_000;
/** The first look after start, so a restart does not wait an hour nor slow the start itself. */
const FIRST_PURGE_DELAY_MS = 60_000;
const PURGE_BATCH = 100;
/**
 * A reactivation reads its clock before its guarded UPDATE commits. Erasing only accounts that
 * went past the window a minute ago means no reactivation can still be in flight for them.
 */
const PURGE_GRACE_MS = 60_000;

/**
 * Erases for good every account deleted more than REACTIVATION_DAYS ago: the photo files first,
 * then the member row, whose foreign keys take profile, photos, sessions, tokens, ledger and
 * blocks with it. A file is kept while a photo of another member still uses its key (demo members
 * share portraits). Every step can run twice: a crash or a second instance halfway through leaves
 * work the next run finishes, never a row whose files are gone unnoticed or files nobody owns.
 */
export async function purgeDeletedAccounts(
  services: PurgeServices,
): Promise<{ members: number; files: number }> {
  const { db, storage } = services;
  const cutoff = new Date(reactivationCutoff(services.now()).getTime() - PURGE_GRACE_MS);
  const done = { members: 0, files: 0 };
  for (;;) {
    const due = (
      await db
        .select({ id: members.id })
        .from(members)
        .where(and(isNotNull(members.deletedAt), lte(members.deletedAt, cutoff)))
        .orderBy(asc(members.deletedAt))
        .limit(PURGE_BATCH)
    ).map((r) => r.id);
    if (due.length === 0) return done;

    const theirs = await db
      .select({ o: photos.originalKey, t: photos.thumbKey, b: photos.blurredKey })
      .from(photos)
      .where(inArray(photos.memberId, due));
    const keys = [...new Set(theirs.flatMap((p) => [p.o, p.t, p.b]))];
    const shared = new Set<string>();
    if (keys.length > 0) {
      const others = await db
        .select({ o: photos.originalKey, t: photos.thumbKey, b: photos.blurredKey })
        .from(photos)
        .where(
          and(
            notInArray(photos.memberId, due),
            or(
              inArray(photos.originalKey, keys),
              inArray(photos.thumbKey, keys),
              inArray(photos.blurredKey, keys),
            ),
          ),
        );
      for (const p of others) for (const k of [p.o, p.t, p.b]) shared.add(k);
    }
    const erase = keys.filter((k) => !shared.has(k));
    await Promise.all(erase.map((k) => storage.delete(k)));
    done.files += erase.length;

    // Guarded: an account that came back since it was picked is not erased.
    const gone = await db
      .delete(members)
      .where(and(inArray(members.id, due), isNotNull(members.deletedAt), lte(members.deletedAt, cutoff)))
      .returning({ id: members.id });
    done.members += gone.length;
    if (due.length < PURGE_BATCH) return done;
  }
}

/**
 * Counters whose window has ended count nothing any more, but their keys can name a person (login
 * throttling keys carry the e-mail address): they go too, so an erased account leaves no trace there.
 */
export async function sweepExpiredCounters(db: Db, now: Date): Promise<number> {
  const gone = await db
    .delete(rateCounters)
    .where(lt(rateCounters.windowEndsAt, now))
    .returning({ key: rateCounters.key });
  return gone.length;
}

/**
 * One purge per interval across every instance: the shared counter in the database lets only the
 * first instance of an interval through. Null when another instance has this interval.
 */
export async function purgeTick(services: PurgeServices) {
  const now = services.now();
  const lease = await hitRate(services.db, 'account-purge', 1, PURGE_INTERVAL_MS / 1000, now);
  if (!lease.allowed) return null;
  const result = await purgeDeletedAccounts(services);
  await sweepExpiredCounters(services.db, now);
  return result;
}

type Log = { info(obj: object, msg: string): void; error(obj: object, msg: string): void };

/** Starts the periodic purge; the returned stop waits for a run in progress to finish. */
export function startAccountPurge(services: PurgeServices, log: Log, intervalMs = PURGE_INTERVAL_MS) {
  let running: Promise<void> | null = null;
  const tick = () => {
    if (running) return;
    running = countJob('account-purge', purgeTick(services))
      .then((result) => {
        if (result && result.members > 0) log.info(result, 'deleted accounts erased');
      })
      .catch((err) => log.error({ err }, 'erasing deleted accounts failed'))
      .finally(() => {
        running = null;
      });
  };
  const first = setTimeout(tick, Math.min(FIRST_PURGE_DELAY_MS, intervalMs));
  const timer = setInterval(tick, intervalMs);
  first.unref();
  timer.unref();
  return async () => {
    clearTimeout(first);
    clearInterval(timer);
    await running;
  };
}
