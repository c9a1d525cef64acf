import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { blocks, members } from '../db/schema';
import { createMember, loginCookie, type MemberInput, type TestApp, testApp } from '../test/app';

const NOW = new Date('2026-05-01T12:00:00Z');
let t: TestApp;
beforeAll(async () => {
  t = await testApp({ now: () => NOW });
});
afterAll(() => t?.close());

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, cookie: string, body?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: { host: 'main.test', 'x-requested-with': 'XMLHttpRequest', cookie },
    ...(body !== undefined ? { payload: body as object } : {}),
  });

async function member(input: MemberInput = {}) {
  const m = await createMember(t.db, input);
  return { ...m, cookie: await loginCookie(t.db, m.id, NOW) };
}

type Page = {
  blocks: {
    profile: { id: number; name: string; main_image: { thumb_filename: string } | null };
    blocked_at: string;
  }[];
  next_cursor: string | null;
};
const list = async (cookie: string, cursor?: string): Promise<Page> => {
  const res = await call(
    'GET',
    `/api/blocks.php${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`,
    cookie,
  );
  expect(res.statusCode).toBe(200);
  return res.json();
};

const blockedAt = (blockerId: number, blockedId: number, at: Date) =>
  t.db.insert(blocks).values({ blockerId, blockedId, createdAt: at });

describe('the blocked members list', () => {
  test('shows name and photo of each blocked member, newest first, and nobody else', async () => {
    const me = await member();
    const older = await member({ name: 'Olderblock', photo: {} });
    const newer = await member({ name: 'Newerblock' });
    const notBlocked = await member();
    const blockedBySomeoneElse = await member();
    await blockedAt(me.id, older.id, new Date(NOW.getTime() - 86_400_000));
    await blockedAt(me.id, newer.id, NOW);
    await blockedAt(notBlocked.id, blockedBySomeoneElse.id, NOW);
    await blockedAt(older.id, me.id, NOW);

    const page = await list(me.cookie);
    expect(page.next_cursor).toBeNull();
    expect(page.blocks.map((b) => b.profile.name)).toEqual(['Newerblock', 'Olderblock']);
    expect(page.blocks[0]).toEqual({
      profile: { id: newer.id, name: 'Newerblock', main_image: null },
      blocked_at: NOW.toISOString(),
    });
    expect(page.blocks[1]?.profile.main_image?.thumb_filename).toMatch(/^\/media\/o\//);
    // Only what a list shows: no e-mail, age or other profile fields.
    expect(Object.keys(page.blocks[1]?.profile ?? {}).sort()).toEqual(['id', 'main_image', 'name']);
  });

  test('a premium-only photo stays blurred for a free member and shows to a premium one', async () => {
    const free = await member();
    const paid = await member({ paid: true });
    const other = await member({ photo: { premium: true } });
    await blockedAt(free.id, other.id, NOW);
    await blockedAt(paid.id, other.id, NOW);
    expect((await list(free.cookie)).blocks[0]?.profile.main_image?.thumb_filename).toMatch(/^\/media\/b\//);
    expect((await list(paid.cookie)).blocks[0]?.profile.main_image?.thumb_filename).toMatch(/^\/media\/o\//);
  });

  test('leaves out deleted accounts', async () => {
    const me = await member();
    const gone = await member();
    await blockedAt(me.id, gone.id, NOW);
    await t.db.update(members).set({ deletedAt: NOW, status: 'deleted' }).where(eq(members.id, gone.id));
    expect((await list(me.cookie)).blocks).toEqual([]);
  });

  test('pages by cursor through every block exactly once, also when blocks share a time', async () => {
    const me = await member();
    const ids: number[] = [];
    for (let i = 0; i < 45; i++) {
      const other = await createMember(t.db);
      ids.push(other.id);
      // Three blocks per second: ties in time are broken by member id.
      await blockedAt(me.id, other.id, new Date(NOW.getTime() - Math.floor(i / 3) * 1000));
    }
    const seen: number[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await list(me.cookie, cursor);
      expect(page.blocks.length).toBeLessThanOrEqual(20);
      seen.push(...page.blocks.map((b) => b.profile.id));
      cursor = page.next_cursor ?? undefined;
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toHaveLength(45);
    expect(new Set(seen)).toEqual(new Set(ids));
  });

  test.each(['garbage', Buffer.from("x|1' OR 1=1").toString('base64url'), 'a'.repeat(101)])(
    'a malformed cursor is 400 (%#)',
    async (cursor) => {
      const me = await member();
      const res = await call('GET', `/api/blocks.php?cursor=${encodeURIComponent(cursor)}`, me.cookie);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe('invalid_input');
    },
  );
});

describe('blocking and unblocking', () => {
  const exists = async (blockerId: number, blockedId: number) =>
    (
      await t.db
        .select()
        .from(blocks)
        .where(and(eq(blocks.blockerId, blockerId), eq(blocks.blockedId, blockedId)))
    ).length === 1;

  test('blocks a member of the same site; blocking twice is the same as once', async () => {
    const me = await member();
    const other = await member();
    expect((await call('POST', '/api/blocks.php', me.cookie, { member_id: other.id })).json()).toEqual({
      blocked: true,
    });
    expect((await call('POST', '/api/blocks.php', me.cookie, { member_id: other.id })).json()).toEqual({
      blocked: true,
    });
    expect((await list(me.cookie)).blocks.map((b) => b.profile.id)).toEqual([other.id]);
  });

  test('cannot block oneself, an unknown member, a deleted member or one of another site', async () => {
    const me = await member();
    const deleted = await member();
    await t.db.update(members).set({ deletedAt: NOW }).where(eq(members.id, deleted.id));
    const elsewhere = await member({ domain: 'first.test', country: 'DE' });
    expect((await call('POST', '/api/blocks.php', me.cookie, { member_id: me.id })).statusCode).toBe(400);
    for (const id of [deleted.id, elsewhere.id, 999_999_999]) {
      const res = await call('POST', '/api/blocks.php', me.cookie, { member_id: id });
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toBe('not_found');
    }
    expect((await call('POST', '/api/blocks.php', me.cookie, { member_id: 'x' })).statusCode).toBe(400);
    expect((await list(me.cookie)).blocks).toEqual([]);
  });

  test('unblocks one of my blocks; it leaves the list', async () => {
    const me = await member();
    const a = await member();
    const b = await member();
    await blockedAt(me.id, a.id, NOW);
    await blockedAt(me.id, b.id, NOW);
    const res = await call('DELETE', '/api/blocks.php', me.cookie, { member_id: a.id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ blocked: false });
    expect((await list(me.cookie)).blocks.map((x) => x.profile.id)).toEqual([b.id]);
  });

  test("cannot lift another member's block, nor one that does not exist", async () => {
    const blocker = await member();
    const blocked = await member();
    const intruder = await member();
    await blockedAt(blocker.id, blocked.id, NOW);
    // The blocked member cannot lift the block on themselves, nor can anyone else.
    for (const who of [blocked, intruder]) {
      const res = await call('DELETE', '/api/blocks.php', who.cookie, { member_id: blocked.id });
      expect(res.statusCode).toBe(404);
      const res2 = await call('DELETE', '/api/blocks.php', who.cookie, { member_id: blocker.id });
      expect(res2.statusCode).toBe(404);
    }
    expect(await exists(blocker.id, blocked.id)).toBe(true);
  });
});
