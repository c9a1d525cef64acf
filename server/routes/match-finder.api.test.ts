import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { MatchFinderResponse } from '../../common/api/match-finder';
import type { Gender, Sexuality } from '../../common/profile-options';
import { blocks, likes, members, profileInterests, profiles, regions } from '../db/schema';
import { createMember, loginCookie, type MemberInput, type TestApp, testApp } from '../test/app';

const NOW = new Date('2026-05-01T12:00:00Z');
let t: TestApp;
beforeAll(async () => {
  t = await testApp({ now: () => NOW });
});
afterAll(() => t?.close());

type Prefs = {
  sexuality?: Sexuality;
  seeking?: Gender | null;
  minAge?: number | null;
  maxAge?: number | null;
  region?: string | null;
  interests?: number[];
};

/** A member with the preferences the finder reads (born 1990-06-15 unless told: 35 on NOW). */
async function member(input: MemberInput & Prefs = {}) {
  const m = await createMember(t.db, input);
  await t.db
    .update(profiles)
    .set({
      sexuality: input.sexuality ?? 'hetero',
      seekingGender: input.seeking ?? null,
      seekingMinAge: input.minAge ?? null,
      seekingMaxAge: input.maxAge ?? null,
      regionCode: input.region ?? null,
    })
    .where(eq(profiles.memberId, m.id));
  for (const interestId of input.interests ?? [])
    await t.db.insert(profileInterests).values({ memberId: m.id, interestId });
  return { ...m, cookie: await loginCookie(t.db, m.id, NOW) };
}

const find = async (cookie: string) => {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/match-finder.php',
    headers: { host: 'main.test', cookie },
  });
  return { res, body: res.json() as MatchFinderResponse };
};
const ids = (body: MatchFinderResponse) => body.suggestions.map((s) => s.profile.id);

async function regionCode(country: string, name: string) {
  const [row] = await t.db
    .select({ code: regions.code })
    .from(regions)
    .where(and(eq(regions.country, country), eq(regions.name, name)));
  if (!row) throw new Error(`no region ${name}`);
  return row.code;
}

// Each test works in a country of its own, so that the members of one test never fit another's viewer.
describe('GET /api/match-finder.php', () => {
  test('suggests only members whose gender, sexuality and age fit both ways, in the same country', async () => {
    const country = 'NL';
    const viewer = await member({ country, gender: 'male', seeking: 'female', minAge: 25, maxAge: 40 });
    const base = { country, gender: 'female' as const, birthDate: '1994-02-01' };
    const fits = await member({ ...base, seeking: 'male' });
    const saysNothing = await member({ ...base });
    const bi = await member({ ...base, sexuality: 'bi' });
    const wantsHisAge = await member({ ...base, seeking: 'male', minAge: 30, maxAge: 40 });
    const unfit = [
      await member({ ...base, seeking: 'female', sexuality: 'lesbian' }),
      await member({ ...base, sexuality: 'lesbian' }),
      await member({ ...base, gender: 'male', seeking: 'female' }),
      await member({ ...base, birthDate: '1970-01-01' }),
      await member({ ...base, birthDate: '2005-01-01' }),
      await member({ ...base, minAge: 18, maxAge: 30 }),
      await member({ ...base, minAge: 40 }),
      await member({ ...base, country: 'BE' }),
      await member({ ...base, domain: 'first.test' }),
    ];
    const { res, body } = await find(viewer.cookie);
    expect(res.statusCode).toBe(200);
    expect(body.missing_preferences).toEqual([]);
    expect(ids(body).sort()).toEqual([fits.id, saysNothing.id, bi.id, wantsHisAge.id].sort());
    for (const u of unfit) expect(ids(body)).not.toContain(u.id);
    // Age is a reason only where the other member said which ages they want, and the viewer fits.
    const reasonsOf = (id: number) => body.suggestions.find((s) => s.profile.id === id)?.reasons;
    expect(reasonsOf(wantsHisAge.id)).toEqual([{ kind: 'age' }]);
    expect(reasonsOf(fits.id)).toEqual([]);
  });

  test('gay and lesbian members find members of their own gender who want them too', async () => {
    const country = 'DK';
    const viewer = await member({
      country,
      gender: 'female',
      sexuality: 'lesbian',
      seeking: 'female',
      minAge: 18,
      maxAge: 99,
    });
    const lesbian = await member({ country, gender: 'female', sexuality: 'lesbian', seeking: 'female' });
    const hetero = await member({ country, gender: 'female', sexuality: 'hetero' });
    const man = await member({ country, gender: 'male', sexuality: 'hetero', seeking: 'female' });
    const { body } = await find(viewer.cookie);
    expect(ids(body)).toEqual([lesbian.id]);
    expect(ids(body)).not.toContain(hetero.id);
    expect(ids(body)).not.toContain(man.id);
  });

  test('leaves out the viewer, members already liked, blocked either way, invisible, disabled and deleted', async () => {
    const country = 'AT';
    const viewer = await member({
      country,
      gender: 'male',
      sexuality: 'bi',
      seeking: 'male',
      minAge: 18,
      maxAge: 99,
    });
    const base = { country, gender: 'male' as const, sexuality: 'gay' as const };
    const visible = await member(base);
    const liked = await member(base);
    const blockedByViewer = await member(base);
    const blockedViewer = await member(base);
    const invisible = await member({ ...base, invisible: true });
    const disabled = await member({ ...base, profileStatus: 'disabled' });
    const deleted = await member(base);
    await t.db.insert(likes).values({ likerId: viewer.id, likedId: liked.id });
    await t.db.insert(blocks).values({ blockerId: viewer.id, blockedId: blockedByViewer.id });
    await t.db.insert(blocks).values({ blockerId: blockedViewer.id, blockedId: viewer.id });
    await t.db.update(members).set({ deletedAt: NOW, status: 'deleted' }).where(eq(members.id, deleted.id));
    // A member who likes the viewer is still suggested: only the viewer's own likes are done.
    await t.db.insert(likes).values({ likerId: visible.id, likedId: viewer.id });
    const { body } = await find(viewer.cookie);
    expect(ids(body)).toEqual([visible.id]);
    for (const gone of [viewer, liked, blockedByViewer, blockedViewer, invisible, disabled, deleted])
      expect(ids(body)).not.toContain(gone.id);
  });

  test('ranks shared interests and the same region first, and says so', async () => {
    const country = 'BE';
    const utrecht = await regionCode('NL', 'Utrecht');
    // Regions of the viewer's own country; BE has its own list.
    const [be] = await t.db
      .select({ code: regions.code, name: regions.name })
      .from(regions)
      .where(eq(regions.country, 'BE'));
    expect(utrecht).toBeTruthy();
    if (!be) throw new Error('no BE region');
    const viewer = await member({
      country,
      gender: 'female',
      seeking: 'male',
      minAge: 18,
      maxAge: 99,
      region: be.code,
      interests: [1, 2, 3, 4],
    });
    const base = { country, gender: 'male' as const, lastActiveAt: new Date(NOW.getTime() - 3_600_000) };
    // The most recently active of all, but sharing nothing: it comes last.
    const nothing = await member({ ...base, lastActiveAt: NOW });
    const oneInterest = await member({ ...base, interests: [4, 9] });
    const sameRegion = await member({ ...base, region: be.code });
    const threeInterests = await member({ ...base, interests: [1, 2, 3, 10] });
    const both = await member({ ...base, region: be.code, interests: [1, 2] });
    const { body } = await find(viewer.cookie);
    expect(ids(body)).toEqual([both.id, threeInterests.id, sameRegion.id, oneInterest.id, nothing.id]);
    const reasons = Object.fromEntries(body.suggestions.map((s) => [s.profile.id, s.reasons]));
    expect(reasons[both.id]).toEqual([
      { kind: 'interests', count: 2 },
      { kind: 'region', name: be.name },
    ]);
    expect(reasons[threeInterests.id]).toEqual([{ kind: 'interests', count: 3 }]);
    expect(reasons[sameRegion.id]).toEqual([{ kind: 'region', name: be.name }]);
    expect(reasons[oneInterest.id]).toEqual([{ kind: 'interests', count: 1 }]);
    expect(reasons[nothing.id]).toEqual([]);
  });

  test('answers at most 24 suggestions, as cards that hide premium photos from free members', async () => {
    const country = 'GB';
    const viewer = await member({ country, gender: 'male', seeking: 'female', minAge: 18, maxAge: 99 });
    const premiumPhoto = await member({
      country,
      gender: 'female',
      photo: { premium: true },
      interests: [5],
    });
    await t.db.insert(profileInterests).values({ memberId: viewer.id, interestId: 5 });
    for (let i = 0; i < 26; i++) await member({ country, gender: 'female' });
    const { body } = await find(viewer.cookie);
    expect(body.suggestions).toHaveLength(24);
    const card = body.suggestions[0]?.profile;
    expect(card?.id).toBe(premiumPhoto.id);
    expect(card?.main_image?.locked).toBe(true);
    expect(card?.main_image?.filename).toMatch(/^\/media\/b\//);
  });

  test('says which preferences are missing instead of guessing', async () => {
    const none = await member({ country: 'FI' });
    expect((await find(none.cookie)).body).toEqual({
      suggestions: [],
      missing_preferences: ['seeking_gender', 'seeking_age'],
    });
    const noAges = await member({ country: 'FI', seeking: 'female', minAge: 20 });
    expect((await find(noAges.cookie)).body.missing_preferences).toEqual(['seeking_age']);
    const noGender = await member({ country: 'FI', minAge: 20, maxAge: 30 });
    expect((await find(noGender.cookie)).body.missing_preferences).toEqual(['seeking_gender']);
  });

  test('is for members only', async () => {
    const { res, body } = await find('');
    expect(res.statusCode).toBe(403);
    expect(body).toMatchObject({ error: 'authentication_required' });
  });
});
