import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { LikeResponse, MatchMomentResponse } from '../../common/api/likes';
import { createMember, loginCookie, type MemberInput, type TestApp, testApp } from '../test/app';

let clock = new Date('2026-05-01T12:00:00Z');
let t: TestApp;
beforeAll(async () => {
  t = await testApp({ now: () => clock });
});
afterAll(() => t?.close());

const tick = (seconds = 1) => {
  clock = new Date(clock.getTime() + seconds * 1000);
};

const call = (method: 'GET' | 'POST' | 'PUT', url: string, cookie: string, body?: unknown) =>
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

async function like(from: Member, to: { id: number }): Promise<LikeResponse> {
  tick();
  const res = await call('POST', '/api/likes.php', from.cookie, { member_id: to.id });
  expect(res.statusCode).toBe(200);
  return res.json();
}

async function unseen(who: Member): Promise<MatchMomentResponse['profile']> {
  const res = await call('GET', '/api/match-moment.php', who.cookie);
  expect(res.statusCode).toBe(200);
  return res.json().profile;
}

const markSeen = (who: Member, other: { id: number }) =>
  call('POST', '/api/match-moment.php', who.cookie, { member_id: other.id });

describe('the match moment', () => {
  test('the like that makes the match carries it; the other member finds it unseen until marked', async () => {
    const a = await member({ name: 'Annemoment' });
    const b = await member({ name: 'Bramoment', photo: {} });

    const first = await like(a, b);
    expect(first.like.match).toBe(false);
    expect(first.match_moment).toBeUndefined();
    expect(await unseen(a)).toBeNull();

    const second = await like(b, a);
    expect(second.like.match).toBe(true);
    expect(second.match_moment).toMatchObject({ id: a.id, name: 'Annemoment' });
    // B saw it in the answer; A has it waiting, on whichever device asks first.
    expect(await unseen(b)).toBeNull();
    expect(await unseen(a)).toMatchObject({ id: b.id, name: 'Bramoment' });
    expect(await unseen(a)).toMatchObject({ id: b.id });

    const seen = await markSeen(a, b);
    expect(seen.statusCode).toBe(200);
    expect(seen.json()).toEqual({ match_moment: { member_id: b.id, seen: true } });
    expect(await unseen(a)).toBeNull();
    // Marking again changes nothing; liking again is no new match moment for either side.
    expect((await markSeen(a, b)).statusCode).toBe(200);
    expect((await like(b, a)).match_moment).toBeUndefined();
    expect((await like(a, b)).match_moment).toBeUndefined();
    expect(await unseen(a)).toBeNull();
  });

  test('another member can neither read nor mark a match moment that is not theirs', async () => {
    const a = await member({ name: 'Alicemoment' });
    const b = await member({ name: 'Basmoment' });
    const c = await member({ name: 'Cecmoment' });
    await like(a, b);
    await like(b, a);

    expect(await unseen(c)).toBeNull();
    for (const other of [a, b]) {
      const res = await markSeen(c, other);
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toBe('not_found');
    }
    // B has no unseen moment, and marking theirs leaves A's untouched.
    expect((await markSeen(b, a)).statusCode).toBe(200);
    expect(await unseen(a)).toMatchObject({ id: b.id });
    // Without a login there is nothing to read or mark.
    expect((await call('GET', '/api/match-moment.php', '')).statusCode).toBe(403);
    expect((await call('POST', '/api/match-moment.php', '', { member_id: b.id })).statusCode).toBe(403);
    expect((await markSeen(a, { id: 0 })).statusCode).toBe(400);
  });

  test('a premium main photo reaches a free member in the moment only blurred', async () => {
    const free = await member({ name: 'Freemoment' });
    const star = await member({ name: 'Starmoment', photo: { premium: true } });
    await like(free, star);
    await like(star, free);
    const card = await unseen(free);
    expect(card?.main_image?.locked).toBe(true);
    expect(card?.main_image?.filename).toContain(star.photo?.blurredKey);
    expect(JSON.stringify(card)).not.toContain(star.photo?.originalKey);

    const other = await member({ name: 'Othermoment' });
    const star2 = await member({ name: 'Star2moment', photo: { premium: true } });
    await like(star2, other);
    const answer = await like(other, star2);
    expect(answer.match_moment?.main_image?.locked).toBe(true);
    expect(JSON.stringify(answer)).not.toContain(star2.photo?.originalKey);
  });

  test('a block ends the match and its unseen moment', async () => {
    const a = await member({ name: 'Adamoment' });
    const b = await member({ name: 'Boomoment' });
    await like(a, b);
    await like(b, a);
    expect(await unseen(a)).toMatchObject({ id: b.id });
    const blocked = await call('POST', '/api/blocks.php', b.cookie, { member_id: a.id });
    expect(blocked.statusCode).toBe(200);
    expect(await unseen(a)).toBeNull();
  });
});
