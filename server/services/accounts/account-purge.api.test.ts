import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { REACTIVATION_DAYS } from '../../../common/constants';
import {
  accountTokens,
  blocks,
  creditLedger,
  members,
  photos,
  profiles,
  rateCounters,
  sessions,
} from '../../db/schema';
import { hitRate, peekRate } from '../../infra/rate-limit';
import { createMember, loginCookie, type TestApp, testApp } from '../../test/app';
import { purgeDeletedAccounts, purgeTick, startAccountPurge } from './account-purge';

const DAY = 86_400_000;
const NOW = new Date('2026-05-01T12:00:00Z');
let clock = NOW;
let t: TestApp;
beforeAll(async () => {
  t = await testApp({ now: () => clock });
});
afterAll(() => t?.close());

const services = () => ({ db: t.db, storage: t.app.services.storage, now: () => clock });

/** A member with one photo whose three files hold bytes, deleted `daysAgo` days before NOW (or not). */
async function memberWithFiles(deletedDaysAgo: number | null) {
  const m = await createMember(t.db, { photo: {} });
  if (!m.photo) throw new Error('no photo');
  for (const key of [m.photo.originalKey, m.photo.thumbKey, m.photo.blurredKey])
    await t.app.services.storage.put(key, Buffer.from(`bytes of ${key}`));
  if (deletedDaysAgo !== null)
    await t.db
      .update(members)
      .set({
        status: 'deleted',
        deletedAt: new Date(NOW.getTime() - deletedDaysAgo * DAY),
        deletionReason: 'other',
      })
      .where(eq(members.id, m.id));
  return { ...m, photo: m.photo };
}

const fileExists = async (key: string) => (await t.app.services.storage.get(key)) !== null;
const memberExists = async (id: number) =>
  (await t.db.select({ id: members.id }).from(members).where(eq(members.id, id))).length === 1;

describe('erasing deleted accounts after the reactivation window', () => {
  test('erases the account, everything hanging off it and its photo files; later and live accounts stay', async () => {
    clock = NOW;
    const old = await memberWithFiles(REACTIVATION_DAYS + 1);
    const recent = await memberWithFiles(REACTIVATION_DAYS - 1);
    const live = await memberWithFiles(null);
    await loginCookie(t.db, old.id, new Date(NOW.getTime() - 20 * DAY));
    await t.db.insert(accountTokens).values({
      tokenHash: `purge-test-${old.id}`,
      memberId: old.id,
      kind: 'reactivation',
      expiresAt: NOW,
    });
    await t.db
      .insert(creditLedger)
      .values({ memberId: old.id, delta: 3, balanceAfter: 3, reason: 'signup_bonus' });
    await t.db.insert(blocks).values([
      { blockerId: old.id, blockedId: live.id },
      { blockerId: live.id, blockedId: old.id },
    ]);

    const result = await purgeDeletedAccounts(services());
    expect(result.members).toBeGreaterThanOrEqual(1);

    expect(await memberExists(old.id)).toBe(false);
    for (const table of [profiles, photos, sessions, accountTokens, creditLedger] as const) {
      const rows = await t.db.select().from(table).where(eq(table.memberId, old.id));
      expect(rows, `rows left in a table of member ${old.id}`).toEqual([]);
    }
    expect(
      await t.db
        .select()
        .from(blocks)
        .where(inArray(blocks.blockerId, [old.id, live.id])),
    ).toEqual([]);
    for (const key of [old.photo.originalKey, old.photo.thumbKey, old.photo.blurredKey])
      expect(await fileExists(key), key).toBe(false);

    for (const kept of [recent, live]) {
      expect(await memberExists(kept.id)).toBe(true);
      for (const key of [kept.photo.originalKey, kept.photo.thumbKey, kept.photo.blurredKey])
        expect(await fileExists(key), key).toBe(true);
    }
  });

  test('keeps a file that a photo of another member still uses', async () => {
    clock = NOW;
    const gone = await memberWithFiles(REACTIVATION_DAYS + 2);
    const stays = await memberWithFiles(null);
    const alsoGone = await memberWithFiles(REACTIVATION_DAYS + 3);
    // Demo members share portraits: the live member's photo uses the erased member's thumbnail,
    // and two erased members share an original, which goes when both go.
    await t.db.update(photos).set({ thumbKey: gone.photo.thumbKey }).where(eq(photos.id, stays.photo.id));
    await t.db
      .update(photos)
      .set({ originalKey: gone.photo.originalKey })
      .where(eq(photos.id, alsoGone.photo.id));

    await purgeDeletedAccounts(services());
    expect(await memberExists(gone.id)).toBe(false);
    expect(await memberExists(alsoGone.id)).toBe(false);
    expect(await fileExists(gone.photo.thumbKey)).toBe(true);
    expect(await fileExists(gone.photo.originalKey)).toBe(false);
    expect(await fileExists(gone.photo.blurredKey)).toBe(false);
    expect(await fileExists(stays.photo.originalKey)).toBe(true);
  });

  test('waits until the window has run out, by the clock', async () => {
    clock = NOW;
    const m = await memberWithFiles(0);
    clock = new Date(NOW.getTime() + REACTIVATION_DAYS * DAY - 3_600_000);
    await purgeDeletedAccounts(services());
    expect(await memberExists(m.id)).toBe(true);
    expect(await fileExists(m.photo.originalKey)).toBe(true);

    clock = new Date(NOW.getTime() + REACTIVATION_DAYS * DAY + 3_600_000);
    await purgeDeletedAccounts(services());
    expect(await memberExists(m.id)).toBe(false);
    expect(await fileExists(m.photo.originalKey)).toBe(false);
    clock = NOW;
  });

  test('erases more accounts than fit in one batch', async () => {
    clock = NOW;
    const ids: number[] = [];
    for (let i = 0; i < 130; i++) ids.push((await createMember(t.db)).id);
    await t.db
      .update(members)
      .set({ deletedAt: new Date(NOW.getTime() - 30 * DAY) })
      .where(inArray(members.id, ids));
    await purgeDeletedAccounts(services());
    expect(await t.db.select().from(members).where(inArray(members.id, ids))).toEqual([]);
  });

  test('two instances purging at the same moment both finish cleanly with the same result', async () => {
    clock = NOW;
    const a = await memberWithFiles(REACTIVATION_DAYS + 5);
    const b = await memberWithFiles(REACTIVATION_DAYS + 6);
    const results = await Promise.all([purgeDeletedAccounts(services()), purgeDeletedAccounts(services())]);
    expect(results.reduce((n, r) => n + r.members, 0)).toBeGreaterThanOrEqual(2);
    for (const m of [a, b]) {
      expect(await memberExists(m.id)).toBe(false);
      expect(await fileExists(m.photo.originalKey)).toBe(false);
    }
  });

  test('only one instance runs a purge per interval', async () => {
    clock = new Date(NOW.getTime() + 100 * DAY);
    const m = await memberWithFiles(null);
    await t.db
      .update(members)
      .set({ deletedAt: new Date(clock.getTime() - 20 * DAY) })
      .where(eq(members.id, m.id));
    const [first, second] = await Promise.all([purgeTick(services()), purgeTick(services())]);
    expect([first, second].filter((r) => r === null)).toHaveLength(1);
    expect(await memberExists(m.id)).toBe(false);
    // The next interval is another instance's turn again.
    clock = new Date(clock.getTime() + 61 * 60_000);
    expect(await purgeTick(services())).not.toBeNull();
    clock = NOW;
  });

  test('the timer purges on its own and its stop waits for a run in progress', async () => {
    clock = new Date(NOW.getTime() + 200 * DAY);
    const m = await memberWithFiles(null);
    await t.db
      .update(members)
      .set({ deletedAt: new Date(clock.getTime() - 20 * DAY) })
      .where(eq(members.id, m.id));
    const logged: string[] = [];
    const log = {
      info: (_: object, msg: string) => logged.push(msg),
      error: (_: object, msg: string) => logged.push(msg),
    };
    const stop = startAccountPurge(services(), log, 50);
    await expect.poll(() => memberExists(m.id), { timeout: 5_000 }).toBe(false);
    await stop();
    expect(logged).toContain('deleted accounts erased');
    clock = NOW;
  });

  test('a purge also forgets rate counters whose window has ended, and keeps running ones', async () => {
    clock = new Date(NOW.getTime() + 300 * DAY);
    const ended = 'login:account:1:gone@example.test';
    const running = 'login:account:1:here@example.test';
    await hitRate(t.db, ended, 5, 60, new Date(clock.getTime() - 3_600_000));
    await hitRate(t.db, running, 5, 3600, clock);
    expect(await purgeTick(services())).not.toBeNull();
    const keys = (await t.db.select({ key: rateCounters.key }).from(rateCounters)).map((r) => r.key);
    expect(keys).not.toContain(ended);
    expect(keys).toContain(running);
    expect((await peekRate(t.db, running, clock)).count).toBe(1);
    clock = NOW;
  });
});
