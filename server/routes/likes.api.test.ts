import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { AutoLikeResponse, LikesResponse } from '../../common/api/likes';
import { likes, members, pageBounces } from '../db/schema';
import { LIKES_PER_HOUR } from '../services/discovery/likes';
import { createMember, loginCookie, type MemberInput, type TestApp, testApp } from '../test/app';

let clock = new Date('2026-05-01T12:00:00Z');
let t: TestApp;
beforeAll(async () => {
  t = await testApp({ now: () => clock });
});
afterAll(() => t?.close());

/** Moves the app's clock on, so every like has its own time. */
const tick = (seconds = 1) => {
  clock = new Date(clock.getTime() + seconds * 1000);
};

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, cookie: string, body?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: { host: 'main.test', 'x-requested-with': 'XMLHttpRequest', cookie },
    ...(body !== undefined ? { payload: body as object } : {}),
  });

async function member(input: MemberInput = {}) {
  const m = await createMember(t.db, input);
  return { ...m, cookie: await loginCookie(t.db, m.id, clock) };
}
type Member = Awaited<ReturnType<typeof member>>;

async function like(from: Member, to: { id: number }) {
  tick();
  const res = await call('POST', '/api/likes.php', from.cookie, { member_id: to.id });
  expect(res.statusCode).toBe(200);
  return res.json().like as { member_id: number; liked: boolean; match: boolean };
}

async function list(who: Member): Promise<LikesResponse> {
  const res = await call('GET', '/api/likes.php', who.cookie);
  expect(res.statusCode).toBe(200);
  return res.json();
}

async function autoLike(who: Member): Promise<AutoLikeResponse> {
  const res = await call('GET', '/api/auto-like.php', who.cookie);
  expect(res.statusCode).toBe(200);
  return res.json();
}

describe('liking and unliking', () => {
  test('a like shows on both sides, a like back is a match for both, unliking ends it', async () => {
    const a = await member({ name: 'Annelike' });
    const b = await member({ name: 'Bramlike', photo: {} });

    expect(await like(a, b)).toEqual({ member_id: b.id, liked: true, match: false });
    expect((await list(a)).likes).toEqual([b.id]);
    const ofB = await list(b);
    expect(ofB.liked_by).toEqual([{ id: a.id, like_new: true }]);
    expect(ofB.profiles.map((p) => p.name)).toEqual(['Annelike']);

    expect(await like(b, a)).toEqual({ member_id: a.id, liked: true, match: true });
    for (const [who, other] of [
      [a, b],
      [b, a],
    ] as const) {
      const l = await list(who);
      expect(l.likes).toContain(other.id);
      expect(l.liked_by.map((x) => x.id)).toContain(other.id);
    }
    // Liking back means B saw A's like.
    expect((await list(b)).liked_by).toEqual([{ id: a.id, like_new: false }]);

    // Liking twice changes nothing.
    expect(await like(a, b)).toMatchObject({ match: true });
    expect((await list(a)).likes).toEqual([b.id]);

    const res = await call('DELETE', '/api/likes.php', a.cookie, { member_id: b.id });
    expect(res.json()).toEqual({ like: { member_id: b.id, liked: false, match: false } });
    expect((await list(a)).likes).toEqual([]);
    expect((await list(b)).liked_by).toEqual([]);
  });

  test('received likes come new first, then newest; given likes newest first', async () => {
    const me = await member();
    const [old, mid, recent] = [await member(), await member(), await member()];
    await like(old, me);
    await like(mid, me);
    await like(recent, me);
    // Seeing the oldest one's like leaves the two others new.
    await t.db
      .update(likes)
      .set({ seenAt: clock })
      .where(and(eq(likes.likerId, mid.id), eq(likes.likedId, me.id)));
    expect((await list(me)).liked_by).toEqual([
      { id: recent.id, like_new: true },
      { id: old.id, like_new: true },
      { id: mid.id, like_new: false },
    ]);
    await like(me, old);
    await like(me, recent);
    expect((await list(me)).likes).toEqual([recent.id, old.id]);
  });

  test('a premium main photo reaches a free viewer only blurred', async () => {
    const free = await member();
    const premiumPhoto = await member({ photo: { premium: true } });
    await like(premiumPhoto, free);
    const [card] = (await list(free)).profiles;
    expect(card?.main_image?.locked).toBe(true);
    expect(card?.main_image?.filename).toContain(premiumPhoto.photo?.blurredKey);
    expect(JSON.stringify(card)).not.toContain(premiumPhoto.photo?.originalKey);
  });

  test('bad input: self 400, unknown or deleted member 404, non-integer 400, visitor 403', async () => {
    const me = await member();
    const self = await call('POST', '/api/likes.php', me.cookie, { member_id: me.id });
    expect(self.statusCode).toBe(400);
    expect((await call('POST', '/api/likes.php', me.cookie, { member_id: 99_999_999 })).statusCode).toBe(404);
    for (const member_id of ['abc', 1.5, -3, null]) {
      const res = await call('POST', '/api/likes.php', me.cookie, { member_id });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe('invalid_input');
    }
    expect((await call('POST', '/api/likes.php', me.cookie, {})).statusCode).toBe(400);
    const gone = await member();
    await t.db.update(members).set({ deletedAt: clock }).where(eq(members.id, gone.id));
    expect((await call('POST', '/api/likes.php', me.cookie, { member_id: gone.id })).statusCode).toBe(404);
    expect((await call('DELETE', '/api/likes.php', me.cookie, { member_id: gone.id })).statusCode).toBe(404);
    const otherSite = await member({ domain: 'first.test' });
    expect((await call('POST', '/api/likes.php', me.cookie, { member_id: otherSite.id })).statusCode).toBe(
      404,
    );
    for (const [method, url] of [
      ['GET', '/api/likes.php'],
      ['GET', '/api/auto-like.php'],
      ['POST', '/api/likes.php'],
    ] as const) {
      const res = await call(method, url, '', method === 'POST' ? { member_id: me.id } : undefined);
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toBe('authentication_required');
    }
  });

  test('another member’s likes are never visible: each answer is about the viewer only', async () => {
    const a = await member();
    const b = await member();
    const c = await member();
    await like(a, b);
    const ofC = await list(c);
    expect(ofC).toEqual({ profiles: [], liked_by: [], likes: [] });
  });

  test('liking is rate limited per member', async () => {
    const me = await member();
    const target = await member();
    for (let i = 0; i < LIKES_PER_HOUR; i++) {
      const res = await call('POST', '/api/likes.php', me.cookie, { member_id: target.id });
      expect(res.statusCode).toBe(200);
    }
    const over = await call('POST', '/api/likes.php', me.cookie, { member_id: target.id });
    expect(over.statusCode).toBe(429);
    expect(over.json().retry_after).toBeGreaterThan(0);
  });
});

describe('who may still be seen', () => {
  test('blocked members vanish from likes both ways, and blocking deletes the likes', async () => {
    const me = await member();
    const blocker = await member();
    const blocked = await member();
    await like(blocker, me);
    await like(me, blocker);
    await like(blocked, me);
    expect((await call('POST', '/api/blocks.php', blocker.cookie, { member_id: me.id })).statusCode).toBe(
      200,
    );
    expect((await call('POST', '/api/blocks.php', me.cookie, { member_id: blocked.id })).statusCode).toBe(
      200,
    );
    expect(await list(me)).toEqual({ profiles: [], liked_by: [], likes: [] });
    expect((await list(blocker)).liked_by).toEqual([]);
    expect((await call('POST', '/api/likes.php', me.cookie, { member_id: blocker.id })).statusCode).toBe(404);
    expect((await call('POST', '/api/likes.php', blocked.cookie, { member_id: me.id })).statusCode).toBe(404);
  });

  test('a like of a member who became invisible or deleted is not shown', async () => {
    const me = await member();
    const hiding = await member();
    const leaving = await member();
    await like(hiding, me);
    await like(leaving, me);
    await like(me, leaving);
    await t.db.update(members).set({ invisible: true }).where(eq(members.id, hiding.id));
    await t.db.update(members).set({ deletedAt: clock }).where(eq(members.id, leaving.id));
    expect(await list(me)).toEqual({ profiles: [], liked_by: [], likes: [] });
    expect(await autoLike(me)).toEqual({ profile: null });
  });
});

describe('the auto-like', () => {
  test('answers a real unseen liker, marks the like seen, and never answers it twice', async () => {
    const me = await member();
    expect(await autoLike(me)).toEqual({ profile: null });
    const liker = await member({ name: 'Lisaliker', photo: {} });
    await like(liker, me);
    const shown = await autoLike(me);
    expect(shown.profile).toMatchObject({ id: liker.id, name: 'Lisaliker' });
    expect(shown.profile?.main_image?.match).toContain(liker.photo?.originalKey);
    expect((await list(me)).liked_by).toEqual([{ id: liker.id, like_new: false }]);
    expect(await autoLike(me)).toEqual({ profile: null });
  });

  test('never answers a member who only was liked by me, nor a blocked one', async () => {
    const me = await member();
    const iLike = await member();
    await like(me, iLike);
    expect(await autoLike(me)).toEqual({ profile: null });
    const blocker = await member();
    await like(blocker, me);
    await call('POST', '/api/blocks.php', blocker.cookie, { member_id: me.id });
    expect(await autoLike(me)).toEqual({ profile: null });
    // The like of someone else is not mine to see.
    const other = await member();
    await like(blocker, other);
    expect(await autoLike(me)).toEqual({ profile: null });
  });
});

describe('page bounces', () => {
  test('a visitor’s bounce is stored with its path and network; bad input is refused', async () => {
    const res = await call('POST', '/api/bounce.php', '', { path: '/landers/video/abc', network: 'adnet' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ bounce: { recorded: true } });
    const [row] = await t.db.select().from(pageBounces).where(eq(pageBounces.path, '/landers/video/abc'));
    expect(row).toMatchObject({ network: 'adnet', memberId: null, lander: 'landers/video' });
    for (const body of [{}, { path: 'no-slash' }, { path: `/${'x'.repeat(400)}` }, { path: '/', extra: 1 }]) {
      expect((await call('POST', '/api/bounce.php', '', body)).statusCode).toBe(400);
    }
  });

  test('a member’s bounce names the member', async () => {
    const me = await member();
    expect((await call('POST', '/api/bounce.php', me.cookie, { path: '/members' })).statusCode).toBe(201);
    const rows = await t.db.select().from(pageBounces).where(eq(pageBounces.memberId, me.id));
    expect(rows.map((r) => r.path)).toEqual(['/members']);
  });
});
