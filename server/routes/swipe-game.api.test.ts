import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import type { SwipeResponse, SwipeStackResponse } from '../../common/api/swipe-game';
import type { Gender } from '../../common/profile-options';
import { blocks, likes, members, profiles, swipes } from '../db/schema';
import { swipe as swipeService } from '../services/discovery/swipe-game';
import { createMember, loginCookie, type MemberInput, type TestApp, testApp } from '../test/app';

// Noon in Amsterdam (UTC+2 in May); the clock moves per test.
const NOON = new Date('2026-05-01T10:00:00Z');
let clock = NOON;
let t: TestApp;
beforeAll(async () => {
  t = await testApp({ now: () => clock });
});
afterAll(() => t?.close());
beforeEach(() => {
  clock = NOON;
});

async function member(input: MemberInput & { seeking?: Gender } = {}) {
  const m = await createMember(t.db, input);
  if (input.seeking)
    await t.db.update(profiles).set({ seekingGender: input.seeking }).where(eq(profiles.memberId, m.id));
  return { ...m, cookie: await loginCookie(t.db, m.id, NOON) };
}

const host = (domain = 'main.test') => ({ host: domain, 'x-requested-with': 'XMLHttpRequest' });

async function stack(cookie: string, domain?: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/swipe-game.php',
    headers: { ...host(domain), cookie },
  });
  return { res, body: res.json() as SwipeStackResponse };
}

async function swipe(cookie: string, body: unknown, domain?: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/swipe-game.php',
    headers: { ...host(domain), cookie },
    payload: body as object,
  });
  return { res, body: res.json() as SwipeResponse & { error?: string } };
}

/** A swiper (a man seeking women, in a country of the test's own) and `n` women to swipe. */
async function game(country: string, n: number, domain?: string) {
  const me = await member({ country, gender: 'male', seeking: 'female', domain });
  const cards = [];
  for (let i = 0; i < n; i++) cards.push(await member({ country, gender: 'female', domain }));
  return { me, cards };
}

const likeRows = (likerId: number) => t.db.select().from(likes).where(eq(likes.likerId, likerId));

describe('GET /api/swipe-game.php', () => {
  test('deals members of the sought gender, photos first, never the swiper, swiped, liked or blocked ones', async () => {
    const country = 'NL';
    const me = await member({ country, gender: 'male', seeking: 'female' });
    const withPhoto = await member({ country, gender: 'female', photo: {}, lastActiveAt: new Date(0) });
    const recent = await member({ country, gender: 'female' });
    const man = await member({ country, gender: 'male' });
    const swiped = await member({ country, gender: 'female' });
    const liked = await member({ country, gender: 'female' });
    const blocked = await member({ country, gender: 'female' });
    const blocker = await member({ country, gender: 'female' });
    const invisible = await member({ country, gender: 'female', invisible: true });
    const elsewhere = await member({ country: 'BE', gender: 'female' });
    await t.db.insert(swipes).values({ memberId: me.id, targetId: swiped.id, liked: false });
    await t.db.insert(likes).values({ likerId: me.id, likedId: liked.id });
    await t.db.insert(blocks).values({ blockerId: me.id, blockedId: blocked.id });
    await t.db.insert(blocks).values({ blockerId: blocker.id, blockedId: me.id });

    const { res, body } = await stack(me.cookie);
    expect(res.statusCode).toBe(200);
    expect(body.profiles.map((p) => p.id)).toEqual([withPhoto.id, recent.id]);
    for (const gone of [me, man, swiped, liked, blocked, blocker, invisible, elsewhere])
      expect(body.profiles.map((p) => p.id)).not.toContain(gone.id);
    expect(body.quota).toEqual({ likes_left: 4, likes_per_day: 4, resets_at: '2026-05-01T22:00:00.000Z' });
  });

  test('deals at most 10 cards', async () => {
    const { me } = await game('DK', 12);
    expect((await stack(me.cookie)).body.profiles).toHaveLength(10);
  });

  test('is for members only', async () => {
    const { res } = await stack('');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error: 'authentication_required' });
  });
});

describe('POST /api/swipe-game.php', () => {
  test('a like likes the member, a pass does not, and neither card comes back', async () => {
    const { me, cards } = await game('AT', 3);
    const [a, b, c] = cards as [(typeof cards)[0], (typeof cards)[0], (typeof cards)[0]];
    await t.db.insert(likes).values({ likerId: c.id, likedId: me.id });

    const like = await swipe(me.cookie, { member_id: a.id, liked: true });
    expect(like.res.statusCode).toBe(200);
    expect(like.body).toEqual({
      swipe: { member_id: a.id, liked: true, match: false },
      quota: { likes_left: 3, likes_per_day: 4, resets_at: '2026-05-01T22:00:00.000Z' },
    });
    const pass = await swipe(me.cookie, { member_id: b.id, liked: false });
    expect(pass.body.swipe).toEqual({ member_id: b.id, liked: false, match: false });
    expect(pass.body.quota.likes_left).toBe(3);
    // c liked me first: liking back is a match.
    expect((await swipe(me.cookie, { member_id: c.id, liked: true })).body.swipe.match).toBe(true);

    expect((await likeRows(me.id)).map((l) => l.likedId).sort()).toEqual([a.id, c.id].sort());
    expect((await stack(me.cookie)).body.profiles).toEqual([]);
  });

  test('4 likes a day: the 5th is refused and saves nothing; passes stay unlimited', async () => {
    const { me, cards } = await game('PL', 10);
    for (const [i, card] of cards.slice(0, 4).entries()) {
      const { body } = await swipe(me.cookie, { member_id: card.id, liked: true });
      expect(body.quota.likes_left).toBe(3 - i);
    }
    const fifth = cards[4];
    if (!fifth) throw new Error('no card');
    const refused = await swipe(me.cookie, { member_id: fifth.id, liked: true });
    expect(refused.res.statusCode).toBe(429);
    expect(refused.body.error).toBe('swipe_limit_reached');
    expect(
      await t.db
        .select()
        .from(swipes)
        .where(and(eq(swipes.memberId, me.id), eq(swipes.targetId, fifth.id))),
    ).toEqual([]);
    expect(await likeRows(me.id)).toHaveLength(4);
    for (const card of cards.slice(4)) {
      const pass = await swipe(me.cookie, { member_id: card.id, liked: false });
      expect(pass.res.statusCode).toBe(200);
      expect(pass.body.quota.likes_left).toBe(0);
    }
    expect((await stack(me.cookie)).body.quota.likes_left).toBe(0);
  });

  test('swiping a card again changes nothing, but a pass may become a like (which counts)', async () => {
    const { me, cards } = await game('FI', 2);
    const [a, b] = cards as [(typeof cards)[0], (typeof cards)[0]];
    await swipe(me.cookie, { member_id: a.id, liked: true });
    const again = await swipe(me.cookie, { member_id: a.id, liked: true });
    expect(again.body.quota.likes_left).toBe(3);
    // A pass never takes a like back.
    const passAfterLike = await swipe(me.cookie, { member_id: a.id, liked: false });
    expect(passAfterLike.body.swipe.liked).toBe(true);
    expect(await likeRows(me.id)).toHaveLength(1);
    await swipe(me.cookie, { member_id: b.id, liked: false });
    const changed = await swipe(me.cookie, { member_id: b.id, liked: true });
    expect(changed.body).toMatchObject({ swipe: { liked: true }, quota: { likes_left: 2 } });
    expect(await likeRows(me.id)).toHaveLength(2);
  });

  test('two likes sent at once never both take the last like of the day', async () => {
    const { me, cards } = await game('SE', 9);
    for (const card of cards.slice(0, 3)) await swipe(me.cookie, { member_id: card.id, liked: true });
    const racing = await Promise.all(
      cards.slice(3, 5).map((c) => swipe(me.cookie, { member_id: c.id, liked: true })),
    );
    expect(racing.map((r) => r.res.statusCode).sort()).toEqual([200, 429]);
    expect(await likeRows(me.id)).toHaveLength(4);
    // From a fresh day, six at once: exactly four pass.
    clock = new Date('2026-05-02T10:00:00Z');
    const burst = await Promise.all(
      cards.slice(5).map((c) => swipe(me.cookie, { member_id: c.id, liked: true })),
    );
    expect(burst.filter((r) => r.res.statusCode === 200)).toHaveLength(4);
    expect(await likeRows(me.id)).toHaveLength(8);
  });

  test('likes racing inside one process are counted one after the other (the member row is locked)', async () => {
    // HTTP requests through inject hardly overlap; the service calls here do, at every query.
    const { me, cards } = await game('PT', 7);
    const site = await t.app.services.sites.resolve('main.test');
    const results = await Promise.allSettled(
      cards.map((c) => swipeService(t.app.services, site, me.id, c.id, true)),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(4);
    expect(
      results.filter((r) => r.status === 'rejected').map((r) => (r as PromiseRejectedResult).reason.code),
    ).toEqual(['swipe_limit_reached', 'swipe_limit_reached', 'swipe_limit_reached']);
    expect(await likeRows(me.id)).toHaveLength(4);
  });

  test('new likes come at midnight in the site’s time zone', async () => {
    const { me, cards } = await game('NO', 6);
    clock = new Date('2026-05-01T21:30:00Z'); // 23:30 in Amsterdam
    for (const card of cards.slice(0, 4)) await swipe(me.cookie, { member_id: card.id, liked: true });
    const late = await swipe(me.cookie, { member_id: cards[4]?.id, liked: true });
    expect(late.res.statusCode).toBe(429);
    clock = new Date('2026-05-01T21:59:59Z');
    expect((await stack(me.cookie)).body.quota).toMatchObject({
      likes_left: 0,
      resets_at: '2026-05-01T22:00:00.000Z',
    });
    clock = new Date('2026-05-01T22:00:00Z'); // midnight in Amsterdam, still 1 May in UTC
    expect((await stack(me.cookie)).body.quota).toMatchObject({
      likes_left: 4,
      resets_at: '2026-05-02T22:00:00.000Z',
    });
    expect((await swipe(me.cookie, { member_id: cards[4]?.id, liked: true })).res.statusCode).toBe(200);
  });

  test('the day is 23 hours long when summer time starts', async () => {
    const { me, cards } = await game('IT', 5);
    clock = new Date('2026-03-28T22:30:00Z'); // 23:30 CET on 28 March
    expect((await stack(me.cookie)).body.quota.resets_at).toBe('2026-03-28T23:00:00.000Z');
    clock = new Date('2026-03-28T23:00:00Z'); // 00:00 on 29 March: the clocks go forward at 02:00
    for (const card of cards.slice(0, 4)) await swipe(me.cookie, { member_id: card.id, liked: true });
    expect((await stack(me.cookie)).body.quota).toMatchObject({
      likes_left: 0,
      resets_at: '2026-03-29T22:00:00.000Z',
    });
    clock = new Date('2026-03-29T22:00:00Z'); // 00:00 CEST on 30 March, 23 hours later
    expect((await stack(me.cookie)).body.quota.likes_left).toBe(4);
  });

  test('each site counts in its own time zone', async () => {
    const amsterdam = await game('ES', 0);
    const london = await game('FR', 0, 'first.test');
    clock = new Date('2026-01-15T23:30:00Z');
    expect((await stack(amsterdam.me.cookie)).body.quota.resets_at).toBe('2026-01-16T23:00:00.000Z');
    expect((await stack(london.me.cookie, 'first.test')).body.quota.resets_at).toBe(
      '2026-01-16T00:00:00.000Z',
    );
  });

  test('an unknown, blocked, invisible, deleted, other-site member or oneself is not found', async () => {
    const { me, cards } = await game('BE', 5);
    const [blocked, blocker, invisible, deleted] = cards as [
      (typeof cards)[0],
      (typeof cards)[0],
      (typeof cards)[0],
      (typeof cards)[0],
    ];
    await t.db.insert(blocks).values({ blockerId: me.id, blockedId: blocked.id });
    await t.db.insert(blocks).values({ blockerId: blocker.id, blockedId: me.id });
    await t.db.update(members).set({ invisible: true }).where(eq(members.id, invisible.id));
    await t.db.update(members).set({ deletedAt: NOON, status: 'deleted' }).where(eq(members.id, deleted.id));
    const otherSite = await member({ domain: 'first.test', gender: 'female' });
    for (const id of [blocked.id, blocker.id, invisible.id, deleted.id, otherSite.id, me.id, 987_654_321])
      for (const liked of [true, false]) {
        const { res, body } = await swipe(me.cookie, { member_id: id, liked });
        expect(res.statusCode, `${id} ${liked}`).toBe(404);
        expect(body.error).toBe('not_found');
      }
    expect(await t.db.select().from(swipes).where(eq(swipes.memberId, me.id))).toEqual([]);
    expect((await stack(me.cookie)).body.quota.likes_left).toBe(4);
  });

  test('bad input is a 400, a visitor a 403, a call without the client header a 403', async () => {
    const { me, cards } = await game('CH', 1);
    const id = cards[0]?.id;
    for (const body of [
      {},
      { member_id: id },
      { member_id: id, liked: 'yes' },
      { member_id: 'abc', liked: true },
      { member_id: -1, liked: true },
      { member_id: id, liked: true, extra: 1 },
    ]) {
      const { res, body: answer } = await swipe(me.cookie, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(answer.error).toBe('invalid_input');
    }
    expect((await swipe('', { member_id: id, liked: true })).res.statusCode).toBe(403);
    const noHeader = await t.app.inject({
      method: 'POST',
      url: '/api/swipe-game.php',
      headers: { host: 'main.test', cookie: me.cookie },
      payload: { member_id: id, liked: true },
    });
    expect(noHeader.statusCode).toBe(403);
    expect(await likeRows(me.id)).toEqual([]);
  });
});
