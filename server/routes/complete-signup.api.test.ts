import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { blocks, members, profiles } from '../db/schema';
import { createMember, loginCookie, type TestApp, testApp } from '../test/app';

const NOW = new Date('2026-05-01T12:00:00Z');

let t: TestApp;
beforeAll(async () => {
  t = await testApp({ now: () => NOW });
});
afterAll(() => t?.close());

const XHR = { host: 'main.test', 'x-requested-with': 'XMLHttpRequest' };

/** A new member as signup leaves them: male, 30, in Belgium, seeking a woman of 20 to 40. */
async function newMember() {
  const m = await createMember(t.db, {
    gender: 'male',
    birthDate: '1996-03-14',
    country: 'BE',
    profileStatus: 'disabled',
  });
  await t.db
    .update(profiles)
    .set({ seekingGender: 'female', seekingMinAge: 20, seekingMaxAge: 40 })
    .where(eq(profiles.memberId, m.id));
  await t.db.update(members).set({ status: 'not_confirmed' }).where(eq(members.id, m.id));
  return { ...m, cookie: await loginCookie(t.db, m.id, NOW) };
}

const complete = {
  sexuality: 'bi',
  relationship_status: 'single',
  hair_colour: 'brown',
  eye_colour: 'green',
  body_type: 'normal',
  tattoos: 'none',
  reason: 'dating',
  region: 'BE-VLG',
  seeking_min_age: 25,
  seeking_max_age: 35,
  interests: [3, 11, 26],
};

const put = (cookie: string | undefined, payload: unknown) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/signup.php',
    headers: { ...XHR, ...(cookie ? { cookie } : {}) },
    payload: payload as object,
  });

describe('/complete-signup (GET and PUT /api/signup.php)', () => {
  test('GET gives the answers so far', async () => {
    const m = await newMember();
    const res = await t.app.inject({ url: '/api/signup.php', headers: { ...XHR, cookie: m.cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json().profile).toMatchObject({
      country: 'BE',
      gender: 'male',
      seeking_gender: 'female',
      seeking_min_age: 20,
      seeking_max_age: 40,
      region: null,
      interests: [],
    });
  });

  test('PUT saves the remaining profile fields and the interests', async () => {
    const m = await newMember();
    const res = await put(m.cookie, complete);
    expect(res.statusCode).toBe(200);
    expect(res.json().profile).toMatchObject({ ...complete, country: 'BE' });
    // Saving again replaces the interests rather than adding to them.
    const again = await put(m.cookie, { ...complete, interests: [5] });
    expect(again.json().profile.interests).toEqual([5]);
  });

  test('a region of another country is refused with the message', async () => {
    const m = await newMember();
    const res = await put(m.cookie, { ...complete, region: 'NL-NH' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ region: 'Kies een regio uit de lijst.' });
  });

  test('a minimum age above the maximum is refused', async () => {
    const m = await newMember();
    const res = await put(m.cookie, { ...complete, seeking_min_age: 50, seeking_max_age: 30 });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.seeking_max_age).toBe(
      'De minimumleeftijd mag niet hoger zijn dan de maximumleeftijd.',
    );
  });

  test('unknown interests and repeated ones are refused', async () => {
    const m = await newMember();
    expect((await put(m.cookie, { ...complete, interests: [999] })).statusCode).toBe(400);
    expect((await put(m.cookie, { ...complete, interests: [3, 3] })).statusCode).toBe(400);
  });

  test('needs a login', async () => {
    const res = await put(undefined, complete);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('authentication_required');
  });
});

describe('GET /api/signup-matches.php', () => {
  const matches = async (cookie: string) => {
    const res = await t.app.inject({ url: '/api/signup-matches.php', headers: { ...XHR, cookie } });
    expect(res.statusCode).toBe(200);
    return res.json().profiles as { id: number; main_image: { thumb_filename: string } | null }[];
  };
  const woman = (extra: Parameters<typeof createMember>[1] = {}) =>
    createMember(t.db, { gender: 'female', birthDate: '1994-01-01', country: 'BE', photo: {}, ...extra });

  test('members who fit the new member’s wishes, with a photo first, nobody who does not fit', async () => {
    const me = await newMember();
    const withPhoto = await woman({ lastActiveAt: new Date(NOW.getTime() - 3_600_000) });
    const withoutPhoto = await woman({ photo: undefined, lastActiveAt: NOW });
    const premiumPhoto = await woman({ photo: { premium: true } });
    const seeksWomen = await woman();
    await t.db.update(profiles).set({ seekingGender: 'female' }).where(eq(profiles.memberId, seeksWomen.id));
    const excluded = [
      await createMember(t.db, { gender: 'male', country: 'BE', photo: {} }),
      await woman({ country: 'NL' }),
      await woman({ birthDate: '2007-01-01' }),
      await woman({ birthDate: '1970-01-01' }),
      await woman({ invisible: true }),
      await woman({ profileStatus: 'disabled' }),
      await woman({ domain: 'first.test' }),
      seeksWomen,
    ];
    const deleted = await woman();
    await t.db.update(members).set({ deletedAt: NOW }).where(eq(members.id, deleted.id));
    const fictional = await woman();
    await t.db.update(profiles).set({ fictional: true }).where(eq(profiles.memberId, fictional.id));
    const blocker = await woman();
    await t.db.insert(blocks).values({ blockerId: blocker.id, blockedId: me.id });
    const blockedByMe = await woman();
    await t.db.insert(blocks).values({ blockerId: me.id, blockedId: blockedByMe.id });
    excluded.push(deleted, fictional, blocker, blockedByMe);

    const found = await matches(me.cookie);
    const ids = found.map((p) => p.id);
    for (const id of [withPhoto.id, withoutPhoto.id, premiumPhoto.id]) expect(ids).toContain(id);
    for (const [i, x] of excluded.entries()) expect(ids, `excluded #${i}`).not.toContain(x.id);
    // Photos first, even before a member who was active more recently.
    expect(ids.indexOf(withPhoto.id)).toBeLessThan(ids.indexOf(withoutPhoto.id));
    expect(found.findIndex((p) => p.main_image === null)).toBeGreaterThan(
      found.findLastIndex((p) => p.main_image !== null),
    );
    // A non-premium member sees a premium main photo only blurred.
    const premium = found.find((p) => p.id === premiumPhoto.id);
    expect(premium?.main_image?.thumb_filename).toBe(`/media/${premiumPhoto.photo?.blurredKey}`);
  });

  test('follows the age range chosen on /complete-signup', async () => {
    const me = await newMember();
    const thirtyTwo = await woman();
    await put(me.cookie, { ...complete, region: null, seeking_min_age: 35, seeking_max_age: 45 });
    expect((await matches(me.cookie)).map((p) => p.id)).not.toContain(thirtyTwo.id);
  });

  test('needs a login', async () => {
    const res = await t.app.inject({ url: '/api/signup-matches.php', headers: XHR });
    expect(res.statusCode).toBe(403);
  });
});
