import { and, eq, or, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { blocks, likes, members, photos, profileInterests, profiles, regions, sites } from '../db/schema';
import { createMember, loginCookie, type MemberInput, type TestApp, testApp } from '../test/app';

const NOW = new Date('2026-05-01T12:00:00Z');
const BYTES = Buffer.from('RIFF....WEBPVP8 premium original bytes');
let t: TestApp;

beforeAll(async () => {
  t = await testApp({
    now: () => NOW,
    // first.test shows only sexuality and interests, and no profile notes.
    seed: async (db) => {
      await db
        .update(sites)
        .set({
          settings: sql`${sites.settings} || '{"visible_profile_fields":["sexuality","interests"],"visible_profile_notes":false}'::jsonb`,
        })
        .where(eq(sites.domain, 'first.test'));
    },
  });
});
afterAll(() => t?.close());

async function member(input: MemberInput = {}) {
  const m = await createMember(t.db, input);
  return { ...m, cookie: await loginCookie(t.db, m.id, NOW) };
}

const call = (
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  cookie = '',
  host = 'main.test',
  body?: object,
) =>
  t.app.inject({
    method,
    url,
    headers: { host, 'x-requested-with': 'XMLHttpRequest', ...(cookie ? { cookie } : {}) },
    ...(body ? { payload: body } : {}),
  });
const view = (id: number | string, cookie = '', host = 'main.test', query = '') =>
  call('GET', `/api/member.php?id=${id}${query}`, cookie, host);

async function profileOf(id: number, cookie = '', host = 'main.test') {
  const res = await view(id, cookie, host);
  expect(res.statusCode).toBe(200);
  return res.json().profile;
}

const expectNotFound = async (id: number | string, cookie = '', host = 'main.test') => {
  const res = await view(id, cookie, host);
  expect(res.statusCode).toBe(404);
  expect(res.json().error).toBe('not_found');
};

describe('GET /api/member.php: what the profile shows', () => {
  test('the card, the fields and notes the site shows, interests and the approved photos in order', async () => {
    const me = await member();
    const other = await member({ name: 'Annelies', photo: {}, lastActiveAt: NOW, paid: true });
    const [region] = await t.db.select().from(regions).where(eq(regions.country, 'NL')).limit(1);
    await t.db
      .update(profiles)
      .set({
        about: 'Wandelen en koffie.',
        relationshipStatus: 'single',
        hairColour: 'red',
        regionCode: region?.code,
        fictional: true,
      })
      .where(eq(profiles.memberId, other.id));
    await t.db.insert(profileInterests).values([
      { memberId: other.id, interestId: 11 },
      { memberId: other.id, interestId: 3 },
    ]);
    const extra = await t.db
      .insert(photos)
      .values([
        {
          memberId: other.id,
          originalKey: 'o/a1aaaaaaaaaaaaaaaa.webp',
          thumbKey: 'o/a2aaaaaaaaaaaaaaaa.webp',
          blurredKey: 'b/a3aaaaaaaaaaaaaaaa.webp',
          width: 1,
          height: 1,
          status: 'approved',
          position: 2,
        },
        {
          memberId: other.id,
          originalKey: 'o/b1aaaaaaaaaaaaaaaa.webp',
          thumbKey: 'o/b2aaaaaaaaaaaaaaaa.webp',
          blurredKey: 'b/b3aaaaaaaaaaaaaaaa.webp',
          width: 1,
          height: 1,
          status: 'pending',
          position: 1,
        },
        {
          memberId: other.id,
          originalKey: 'o/c1aaaaaaaaaaaaaaaa.webp',
          thumbKey: 'o/c2aaaaaaaaaaaaaaaa.webp',
          blurredKey: 'b/c3aaaaaaaaaaaaaaaa.webp',
          width: 1,
          height: 1,
          status: 'rejected',
          position: 1,
        },
      ])
      .returning();

    const p = await profileOf(other.id, me.cookie);
    expect(p).toMatchObject({
      id: other.id,
      name: 'Annelies',
      age: 35,
      gender: 'female',
      region: region?.name,
      premium: true,
      online: true,
      fictional: true,
      relationship_status: 'single',
      hair_colour: 'red',
      eye_colour: null,
      reason: null,
      interests: [3, 11],
      about: 'Wandelen en koffie.',
      liked: false,
      likes_you: false,
      match: false,
      own: false,
    });
    // main.test keeps the default visible_profile_fields, which leave sexuality out: absent, not null.
    expect(p).not.toHaveProperty('sexuality');
    expect(p.photos.map((ph: { id: number }) => ph.id)).toEqual([other.photo?.id, extra[0]?.id]);
    expect(p.photos[0]).toEqual({
      id: other.photo?.id,
      thumb_filename: `/media/${other.photo?.thumbKey}`,
      filename: `/media/${other.photo?.originalKey}`,
      locked: false,
      main: true,
    });
  });

  test('a field the site hides is absent, and so are the notes when the site hides them', async () => {
    const me = await member({ domain: 'first.test', country: 'DE' });
    const other = await member({ domain: 'first.test', country: 'DE' });
    await t.db
      .update(profiles)
      .set({ about: 'secret', hairColour: 'red' })
      .where(eq(profiles.memberId, other.id));
    const p = await profileOf(other.id, me.cookie, 'first.test');
    expect(p.sexuality).toBe('hetero');
    expect(p.interests).toEqual([]);
    for (const hidden of [
      'about',
      'hair_colour',
      'relationship_status',
      'eye_colour',
      'body_type',
      'tattoos',
      'reason',
    ])
      expect(p).not.toHaveProperty(hidden);
  });
});

describe('GET /api/member.php: who may open a profile', () => {
  test.each([
    ['not a number', 'abc'],
    ['zero', '0'],
    ['negative', '-4'],
    ['a fraction', '1.5'],
    ['missing', ''],
  ])('an id that is %s is a 400', async (_label, id) => {
    const me = await member();
    const res = await view(id, me.cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('invalid_input');
  });

  test('an unknown, deleted, other-site, invisible or disabled member is a 404', async () => {
    const me = await member();
    await expectNotFound(987654321, me.cookie);
    const deleted = await member();
    await t.db.update(members).set({ deletedAt: NOW, status: 'deleted' }).where(eq(members.id, deleted.id));
    await expectNotFound(deleted.id, me.cookie);
    await expectNotFound((await member({ domain: 'first.test', country: 'DE' })).id, me.cookie);
    await expectNotFound((await member({ invisible: true })).id, me.cookie);
    await expectNotFound((await member({ profileStatus: 'disabled' })).id, me.cookie);
    const suspended = await member();
    await t.db.update(members).set({ status: 'suspended' }).where(eq(members.id, suspended.id));
    await expectNotFound(suspended.id, me.cookie);
  });

  test('members open their own profile, even while invisible or disabled', async () => {
    const me = await member({ invisible: true, profileStatus: 'disabled', photo: { premium: true } });
    const p = await profileOf(me.id, me.cookie);
    expect(p.own).toBe(true);
    // Their own premium photo is theirs to see whole.
    expect(p.photos[0].locked).toBe(false);
    expect(p.photos[0].filename).toBe(`/media/${me.photo?.originalKey}`);
  });

  test('visitors may open profiles where the site lets them search, else 403', async () => {
    const other = await member({ photo: { premium: true } });
    const p = await profileOf(other.id);
    expect(p).toMatchObject({ liked: false, likes_you: false, match: false, own: false });
    expect(p.photos[0].locked).toBe(true);
    // main.test: logged_out_search_trafficsource is none.
    const tracked = await view(other.id, '', 'main.test', '&network=partner1');
    expect(tracked.statusCode).toBe(403);
    expect(tracked.json().error).toBe('authentication_required');
    // closed.test: logged_out_search is none.
    const closed = await member({ domain: 'closed.test', country: 'AT' });
    const res = await view(closed.id, '', 'closed.test');
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('authentication_required');
    // A member of closed.test opens it.
    expect(
      (
        await profileOf(
          closed.id,
          (
            await member({ domain: 'closed.test', country: 'AT' })
          ).cookie,
          'closed.test',
        )
      ).id,
    ).toBe(closed.id);
  });
});

describe('GET /api/member.php: the viewer', () => {
  test("an expired, other-site, logged-out or deleted member's session is a visitor; 403 comes before 404", async () => {
    const closed = await member({ domain: 'closed.test', country: 'AT', photo: { premium: true } });
    const paid = await member({ domain: 'closed.test', country: 'AT', paid: true });
    const asVisitor = async (cookie: string) => {
      const res = await view(closed.id, cookie, 'closed.test');
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toBe('authentication_required');
      // The same for an id nobody has: a visitor learns nothing of which ids exist.
      expect((await view(987654321, cookie, 'closed.test')).statusCode).toBe(403);
    };
    expect((await profileOf(closed.id, paid.cookie, 'closed.test')).photos[0].locked).toBe(false);
    expect((await view(987654321, paid.cookie, 'closed.test')).statusCode).toBe(404);
    // A session of main.test shown on closed.test.
    await asVisitor((await member()).cookie);
    // Expired: sessions last 30 days.
    await asVisitor(await loginCookie(t.db, paid.id, new Date(NOW.getTime() - 31 * 86_400_000)));
    // Logged out.
    const out = await member({ domain: 'closed.test', country: 'AT' });
    const logout = await call('POST', '/api/logout.php', out.cookie, 'closed.test', {});
    expect(logout.statusCode).toBeLessThan(300);
    await asVisitor(out.cookie);
    // Deleted.
    await t.db.update(members).set({ deletedAt: NOW, status: 'deleted' }).where(eq(members.id, paid.id));
    await asVisitor(paid.cookie);
    // A visitor where visitors may look sees the premium photo locked.
    const open = await member({ photo: { premium: true } });
    const stale = await loginCookie(
      t.db,
      (await member({ paid: true })).id,
      new Date(NOW.getTime() - 31 * 86_400_000),
    );
    expect((await profileOf(open.id, stale)).photos[0].locked).toBe(true);
  });

  test("opening a profile records the viewer's activity, at most once a minute", async () => {
    const before = new Date(NOW.getTime() - 10 * 60_000);
    const viewer = await member({ lastActiveAt: before });
    await t.db.update(members).set({ lastActiveAt: before }).where(eq(members.id, viewer.id));
    const other = await member();
    await profileOf(other.id, viewer.cookie);
    const [row] = await t.db
      .select({ at: members.lastActiveAt })
      .from(members)
      .where(eq(members.id, viewer.id));
    expect(row?.at.getTime()).toBe(NOW.getTime());
    // Asking for someone the viewer may not see records it too.
    await t.db.update(members).set({ lastActiveAt: before }).where(eq(members.id, viewer.id));
    await expectNotFound(987654321, viewer.cookie);
    const [again] = await t.db
      .select({ at: members.lastActiveAt })
      .from(members)
      .where(eq(members.id, viewer.id));
    expect(again?.at.getTime()).toBe(NOW.getTime());
  });
});

describe('GET /api/member.php: premium photos', () => {
  test('a non-premium member never receives a premium photo original, by address or by bytes', async () => {
    const owner = await member({ photo: { premium: true } });
    const photo = owner.photo;
    if (!photo) throw new Error('photo missing');
    for (const key of [photo.originalKey, photo.thumbKey, photo.blurredKey])
      await t.app.services.storage.put(key, BYTES);
    const free = await member();

    const res = await view(owner.id, free.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain(photo.originalKey);
    expect(res.body).not.toContain(photo.thumbKey);
    const p = res.json().profile;
    const blurred = `/media/${photo.blurredKey}`;
    expect(p.main_image).toMatchObject({
      thumb_filename: blurred,
      filename: blurred,
      match: blurred,
      locked: true,
    });
    expect(p.photos).toEqual([
      { id: photo.id, thumb_filename: blurred, filename: blurred, locked: true, main: true },
    ]);

    const original = await call('GET', `/media/${photo.originalKey}`, free.cookie);
    expect(original.statusCode).toBe(404);
    expect(original.rawPayload.includes(BYTES)).toBe(false);
    expect((await call('GET', blurred, free.cookie)).statusCode).toBe(200);
  });

  test('a premium member gets the original', async () => {
    const owner = await member({ photo: { premium: true } });
    const paid = await member({ paid: true });
    const p = await profileOf(owner.id, paid.cookie);
    expect(p.photos[0]).toMatchObject({ filename: `/media/${owner.photo?.originalKey}`, locked: false });
    expect(p.main_image.locked).toBe(false);
  });
});

describe('GET /api/member.php: likes', () => {
  test('says who likes whom, and opening the profile of a liker sees their like', async () => {
    const me = await member();
    const other = await member();
    await t.db.insert(likes).values({ likerId: other.id, likedId: me.id });
    expect(await profileOf(other.id, me.cookie)).toMatchObject({
      liked: false,
      likes_you: true,
      match: false,
    });
    const [row] = await t.db
      .select()
      .from(likes)
      .where(and(eq(likes.likerId, other.id), eq(likes.likedId, me.id)));
    expect(row?.seenAt?.toISOString()).toBe(NOW.toISOString());

    await t.db.insert(likes).values({ likerId: me.id, likedId: other.id });
    expect(await profileOf(other.id, me.cookie)).toMatchObject({ liked: true, likes_you: true, match: true });
    expect(await profileOf(me.id, other.cookie)).toMatchObject({ liked: true, likes_you: true, match: true });
  });

  test('opening a profile leaves the likes of others unseen', async () => {
    const me = await member();
    const other = await member();
    const third = await member();
    await t.db.insert(likes).values({ likerId: third.id, likedId: me.id });
    await profileOf(other.id, me.cookie);
    const [row] = await t.db.select().from(likes).where(eq(likes.likerId, third.id));
    expect(row?.seenAt).toBeNull();
  });
});

describe('blocking and the profile', () => {
  const block = (cookie: string, id: number) =>
    call('POST', '/api/blocks.php', cookie, 'main.test', { member_id: id });

  test('a block makes each a 404 to the other (the blocker finds them in the block list only)', async () => {
    const blocker = await member();
    const blocked = await member();
    expect((await block(blocker.cookie, blocked.id)).statusCode).toBe(200);
    await expectNotFound(blocker.id, blocked.cookie);
    await expectNotFound(blocked.id, blocker.cookie);
    // Visitors and others are unaffected.
    expect((await profileOf(blocker.id)).id).toBe(blocker.id);
    expect((await profileOf(blocked.id, (await member()).cookie)).id).toBe(blocked.id);
  });

  test('a block ends the likes both ways', async () => {
    const a = await member();
    const b = await member();
    await t.db.insert(likes).values([
      { likerId: a.id, likedId: b.id },
      { likerId: b.id, likedId: a.id },
    ]);
    expect((await profileOf(b.id, a.cookie)).match).toBe(true);
    expect((await block(a.cookie, b.id)).statusCode).toBe(200);
    const left = await t.db
      .select()
      .from(likes)
      .where(or(eq(likes.likerId, a.id), eq(likes.likedId, a.id)));
    expect(left).toEqual([]);
    await call('DELETE', '/api/blocks.php', a.cookie, 'main.test', { member_id: b.id });
    expect(await profileOf(b.id, a.cookie)).toMatchObject({ liked: false, likes_you: false, match: false });
  });

  test('after unblocking both see each other again', async () => {
    const a = await member();
    const b = await member();
    await block(a.cookie, b.id);
    await expectNotFound(a.id, b.cookie);
    expect(
      (await call('DELETE', '/api/blocks.php', a.cookie, 'main.test', { member_id: b.id })).statusCode,
    ).toBe(200);
    expect((await profileOf(a.id, b.cookie)).id).toBe(a.id);
    expect((await profileOf(b.id, a.cookie)).id).toBe(b.id);
    const rows = await t.db.select().from(blocks).where(eq(blocks.blockerId, a.id));
    expect(rows).toEqual([]);
  });
});
