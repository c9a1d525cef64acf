import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { ProfileCard } from '../../common/api/profile';
import { SEARCH_PAGE_SIZE } from '../../common/api/search';
import { COUNT_CAP } from '../../common/constants';
import type { Db } from '../db/client';
import { blocks, members, photos, profiles } from '../db/schema';
import { decodePosition, encodePosition } from '../services/discovery/search';
import { createMember, loginCookie, siteId, type TestApp, testApp } from '../test/app';

const NOW = new Date('2026-06-01T12:00:00Z');
const minutesAgo = (m: number) => new Date(NOW.getTime() - m * 60_000);
const born = (age: number) => `${NOW.getUTCFullYear() - age}-01-15`;

let t: TestApp;
const ids: Record<string, number> = {};
const keys: Record<string, { original: string; blurred: string }> = {};
let viewerCookie = '';
let paidCookie = '';
/** Members in GB on main.test, for paging: every one of them, in the order search must give. */
const GB_MEMBERS = 60;
const BULK_MEMBERS = COUNT_CAP + 50;

/** Many members in one statement each (the count cap needs more than COUNT_CAP of them). */
async function bulkMembers(db: Db, site: number, country: string, n: number) {
  await db.execute(sql`
    INSERT INTO members (site_id, email, status, language, last_active_at)
    SELECT ${site}, 'bulk' || g || '-' || ${country} || '@example.test', 'active', 'nl',
           ${NOW.toISOString()}::timestamptz - g * interval '1 minute'
    FROM generate_series(1, ${n}) g`);
  await db.execute(sql`
    INSERT INTO profiles (member_id, site_id, name, gender, sexuality, birth_date, country, status)
    SELECT id, site_id, 'bulk', 'female', 'hetero', '1990-01-01', ${country}, 'active'
    FROM members WHERE email LIKE 'bulk%-' || ${country} || '@example.test'`);
}

beforeAll(async () => {
  t = await testApp({
    now: () => NOW,
    seed: async (db) => {
      const add = async (label: string, input: Parameters<typeof createMember>[1]) => {
        const m = await createMember(db, input);
        ids[label] = m.id;
        if (m.photo) keys[label] = { original: m.photo.originalKey, blurred: m.photo.blurredKey };
      };
      const nl = { country: 'NL', birthDate: born(40) };
      await add('viewer', { ...nl, gender: 'male', lastActiveAt: NOW });
      await add('paidViewer', { ...nl, gender: 'male', paid: true, lastActiveAt: NOW });
      // Order: photo and online, photo and a day ago, photo a week ago, no photo but online.
      await add('photoOnline', { ...nl, photo: {}, lastActiveAt: minutesAgo(1) });
      await add('photoDay', { ...nl, photo: {}, lastActiveAt: minutesAgo(24 * 60) });
      await add('premiumPhoto', { ...nl, photo: { premium: true }, lastActiveAt: minutesAgo(7 * 24 * 60) });
      await add('noPhotoOnline', { ...nl, lastActiveAt: minutesAgo(2) });
      await add('pendingPhoto', { ...nl, photo: { status: 'pending' }, lastActiveAt: minutesAgo(3) });
      // Never found.
      await add('invisible', { ...nl, photo: {}, invisible: true });
      await add('disabledProfile', { ...nl, photo: {}, profileStatus: 'disabled' });
      await add('deleted', { ...nl, photo: {} });
      await add('suspended', { ...nl, photo: {} });
      await add('blockedByViewer', { ...nl, photo: {} });
      await add('blocksViewer', { ...nl, photo: {} });
      await add('otherSite', { ...nl, photo: {}, domain: 'first.test' });
      await db
        .update(members)
        .set({ deletedAt: NOW, status: 'deleted' })
        .where(eq(members.id, ids.deleted as number));
      await db
        .update(members)
        .set({ status: 'suspended' })
        .where(eq(members.id, ids.suspended as number));
      await db.insert(blocks).values([
        { blockerId: ids.viewer as number, blockedId: ids.blockedByViewer as number },
        { blockerId: ids.blocksViewer as number, blockedId: ids.viewer as number },
      ]);
      // Region and age, for the filters and the similar results (NL: viewer's country).
      await add('utrecht32', { country: 'NL', birthDate: born(32), photo: {} });
      await add('utrecht38', { country: 'NL', birthDate: born(38), photo: {} });
      await add('holland33', { country: 'NL', birthDate: born(33), photo: {} });
      await add('utrecht50', { country: 'NL', birthDate: born(50), photo: {} });
      await add('utrechtMale33', { country: 'NL', birthDate: born(33), gender: 'male', photo: {} });
      const regionOf = {
        utrecht32: 'NL-UT',
        utrecht38: 'NL-UT',
        holland33: 'NL-NH',
        utrecht50: 'NL-UT',
        utrechtMale33: 'NL-UT',
      };
      for (const [label, region] of Object.entries(regionOf))
        await db
          .update(profiles)
          .set({ regionCode: region })
          .where(eq(profiles.memberId, ids[label] as number));
      for (let i = 0; i < GB_MEMBERS; i++)
        // Some share one activity moment, so that the id decides between them.
        await add(`gb${i}`, {
          country: 'GB',
          photo: i % 3 ? {} : undefined,
          lastActiveAt: minutesAgo(i % 7),
        });
      await bulkMembers(db, await siteId(db, 'main.test'), 'BE', BULK_MEMBERS);
      await db.execute(sql`ANALYZE`);
    },
  });
  viewerCookie = await loginCookie(t.db, ids.viewer as number, NOW);
  paidCookie = await loginCookie(t.db, ids.paidViewer as number, NOW);
});
afterAll(() => t?.close());

type Body = { profiles: ProfileCard[]; next_cursor: string | null; num_results: number | null };

async function search(query: Record<string, string>, opts: { cookie?: string; host?: string } = {}) {
  const res = await t.app.inject({
    url: `/api/members.php?${new URLSearchParams(query)}`,
    headers: {
      host: opts.host ?? 'main.test',
      ...(opts.cookie === undefined ? {} : { cookie: opts.cookie }),
    },
  });
  return { status: res.statusCode, body: res.json() as Body, raw: res.body };
}

/** Every page of a search, following the cursors. */
async function allPages(query: Record<string, string>, cookie = viewerCookie) {
  const pages: Body[] = [];
  let cursor: string | null = null;
  do {
    const res = await search(cursor ? { ...query, cursor } : query, { cookie });
    expect(res.status).toBe(200);
    pages.push(res.body);
    cursor = res.body.next_cursor;
  } while (cursor && pages.length < 100);
  return pages;
}

const label = (id: number) => Object.entries(ids).find(([, v]) => v === id)?.[0] ?? `#${id}`;

describe('GET /api/members.php: who is found', () => {
  test('finds only discoverable members of this site that no block separates from the viewer, never the viewer', async () => {
    const { status, body } = await search(
      { country: 'NL', min_age: '39', max_age: '41' },
      { cookie: viewerCookie },
    );
    expect(status).toBe(200);
    expect(body.profiles.map((p) => label(p.id))).toEqual([
      'photoOnline',
      'photoDay',
      'premiumPhoto',
      'paidViewer',
      'noPhotoOnline',
      'pendingPhoto',
    ]);
    expect(body.num_results).toBe(6);
    expect(body.next_cursor).toBeNull();
  });

  test('the blocks work in both directions only for the two members concerned', async () => {
    const { body } = await search({ country: 'NL', min_age: '39', max_age: '41' }, { cookie: paidCookie });
    const found = body.profiles.map((p) => label(p.id));
    expect(found).toContain('blockedByViewer');
    expect(found).toContain('blocksViewer');
    expect(found).toContain('viewer');
    expect(found).not.toContain('paidViewer');
  });

  test('follows a member who turns invisible, loses their photo or is reactivated, at once', async () => {
    const names = async () =>
      (
        await search({ country: 'NL', min_age: '39', max_age: '41' }, { cookie: viewerCookie })
      ).body.profiles.map((p) => label(p.id));
    await t.db
      .update(members)
      .set({ invisible: true })
      .where(eq(members.id, ids.photoOnline as number));
    expect(await names()).not.toContain('photoOnline');
    await t.db
      .update(members)
      .set({ invisible: false })
      .where(eq(members.id, ids.photoOnline as number));
    // Its main photo rejected, the member moves behind those with a photo.
    await t.db
      .update(photos)
      .set({ status: 'rejected' })
      .where(eq(photos.memberId, ids.photoOnline as number));
    expect((await names()).slice(0, 5)).toEqual([
      'photoDay',
      'premiumPhoto',
      'paidViewer',
      'photoOnline',
      'noPhotoOnline',
    ]);
    await t.db
      .update(photos)
      .set({ status: 'approved' })
      .where(eq(photos.memberId, ids.photoOnline as number));
    expect((await names())[0]).toBe('photoOnline');
    await t.db
      .update(members)
      .set({ status: 'active' })
      .where(eq(members.id, ids.suspended as number));
    expect(await names()).toContain('suspended');
    await t.db
      .update(members)
      .set({ status: 'suspended' })
      .where(eq(members.id, ids.suspended as number));
  });

  test('a login moves the member up: activity reaches the search order', async () => {
    const cookie = await loginCookie(t.db, ids.pendingPhoto as number, NOW);
    // Any authenticated request records activity.
    await search({ country: 'GB' }, { cookie });
    const { body } = await search({ country: 'NL', min_age: '39', max_age: '41' }, { cookie: viewerCookie });
    expect(body.profiles.map((p) => label(p.id)).slice(3)).toEqual([
      'pendingPhoto',
      'paidViewer',
      'noPhotoOnline',
    ]);
  });
});

describe('GET /api/members.php: premium photos', () => {
  test('a non-premium viewer gets only the blurred rendition; the original key is nowhere in the answer', async () => {
    const { body, raw } = await search(
      { country: 'NL', min_age: '39', max_age: '41' },
      { cookie: viewerCookie },
    );
    const card = body.profiles.find((p) => p.id === ids.premiumPhoto);
    const k = keys.premiumPhoto as { original: string; blurred: string };
    expect(card?.main_image?.locked).toBe(true);
    expect(card?.main_image?.filename).toContain(k.blurred);
    expect(card?.main_image?.thumb_filename).toContain(k.blurred);
    expect(raw).not.toContain(k.original);
  });

  test('a premium viewer gets the original', async () => {
    const { body } = await search({ country: 'NL', min_age: '39', max_age: '41' }, { cookie: paidCookie });
    const card = body.profiles.find((p) => p.id === ids.premiumPhoto);
    expect(card?.main_image?.locked).toBe(false);
    expect(card?.main_image?.filename).toContain(keys.premiumPhoto?.original);
  });
});

describe('GET /api/members.php: filters, paging, count and similar results', () => {
  test('gender, region and age filter', async () => {
    const q = { country: 'NL', countryregion: 'NL-UT', min_age: '30', max_age: '35' };
    const female = await search({ ...q, gender: 'female' }, { cookie: viewerCookie });
    expect(female.body.profiles.map((p) => label(p.id))).toEqual(['utrecht32']);
    const any = await search(q, { cookie: viewerCookie });
    expect(any.body.profiles.map((p) => label(p.id)).sort()).toEqual(['utrecht32', 'utrechtMale33']);
  });

  test('pages follow each other without duplicates or gaps, in the search order; only page 1 counts', async () => {
    const pages = await allPages({ country: 'GB' });
    expect(pages.map((p) => p.profiles.length)).toEqual([24, 24, 12]);
    expect(pages.map((p) => p.num_results)).toEqual([GB_MEMBERS, null, null]);
    const got = pages.flatMap((p) => p.profiles.map((c) => c.id));
    const rows = await t.db
      .select({ id: profiles.memberId, hasPhoto: profiles.hasPhoto, at: profiles.lastActiveAt })
      .from(profiles)
      .where(eq(profiles.country, 'GB'));
    const expected = rows
      .sort(
        (a, b) => Number(b.hasPhoto) - Number(a.hasPhoto) || b.at.getTime() - a.at.getTime() || b.id - a.id,
      )
      .map((r) => r.id);
    expect(got).toEqual(expected);
  });

  test('counts up to COUNT_CAP + 1 ("1000+") and still pages through everything', async () => {
    const pages = await allPages({ country: 'BE' });
    expect(pages[0]?.num_results).toBe(COUNT_CAP + 1);
    const got = pages.flatMap((p) => p.profiles.map((c) => c.id));
    expect(got.length).toBe(BULK_MEMBERS);
    expect(new Set(got).size).toBe(BULK_MEMBERS);
    expect(pages.length).toBe(Math.ceil(BULK_MEMBERS / SEARCH_PAGE_SIZE));
  });

  test('similar results: same gender and country, any region, ages widened by 5, without the exact matches', async () => {
    const q = { country: 'NL', countryregion: 'NL-UT', gender: 'female', min_age: '30', max_age: '33' };
    const pages = await allPages({ ...q, similar: 'true' });
    const found = pages.flatMap((p) => p.profiles.map((c) => label(c.id)));
    expect(found).toContain('holland33');
    expect(found).toContain('utrecht38');
    expect(found).not.toContain('utrecht32');
    expect(found).not.toContain('utrecht50');
    expect(found).not.toContain('utrechtMale33');
    expect(found).not.toContain('viewer');
    // The NL members aged 40 fall outside 25–38.
    expect(found).not.toContain('photoOnline');
  });
});

describe('GET /api/members.php: visitors', () => {
  test('logged_out_search all: a visitor may search; trafficsource none: not with a network', async () => {
    expect((await search({ country: 'NL' })).status).toBe(200);
    const blocked = await search({ country: 'NL', network: 'partner1' });
    expect(blocked.status).toBe(403);
    expect((blocked.body as unknown as { error: string }).error).toBe('authentication_required');
  });

  test('logged_out_search none: only with a network, where trafficsource allows it', async () => {
    expect((await search({}, { host: 'closed.test' })).status).toBe(403);
    expect((await search({ network: 'partner1' }, { host: 'closed.test' })).status).toBe(200);
  });

  test('a visitor sees premium photos blurred', async () => {
    const { raw } = await search({ country: 'NL', min_age: '39', max_age: '41' });
    expect(raw).not.toContain(keys.premiumPhoto?.original);
  });
});

describe('GET /api/members.php: bad input is a 400, never a 500', () => {
  const cursor = encodePosition({ hasPhoto: true, activeAt: NOW, id: 5 });
  const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
  const cases: [string, Record<string, string>][] = [
    ['age below 18', { min_age: '17' }],
    ['age above 99', { max_age: '100' }],
    ['age not a number', { min_age: 'abc' }],
    ['minimum above maximum', { min_age: '40', max_age: '30' }],
    ['a country the site does not serve', { country: 'US' }],
    ['an unknown country', { country: 'XX' }],
    ['an unknown region', { country: 'NL', countryregion: 'NL-XX' }],
    ["another country's region", { country: 'NL', countryregion: 'DE-BY' }],
    ['a region without a country', { countryregion: 'NL-UT' }],
    ['an unknown gender', { gender: 'other' }],
    ['a cursor that is not base64 JSON', { cursor: '%%%not-a-cursor' }],
    ['a cursor with a changed shape', { cursor: b64({ id: 5 }) }],
    ['a cursor with an impossible date', { cursor: b64([1, '2026-02-30T00:00:00.000Z', 5]) }],
    ['a cursor with a huge id', { cursor: b64([1, NOW.toISOString(), 1e300]) }],
    ['a cursor with text for a flag', { cursor: b64(['1); drop table members; --', NOW.toISOString(), 5]) }],
    ['a cursor with a character changed', { cursor: `${cursor.slice(0, -2)}zz` }],
  ];
  test.each(cases)('%s', async (_name, query) => {
    const res = await search(query, { cookie: viewerCookie });
    expect(res.status).toBe(400);
    expect((res.body as unknown as { error: string }).error).toBe('invalid_input');
  });

  test('minimum above maximum names the field with a translated text', async () => {
    const res = await search({ min_age: '40', max_age: '30' }, { cookie: viewerCookie });
    const fields = (res.body as unknown as { fields: Record<string, string> }).fields;
    expect(fields.max_age).toMatch(/\w+/);
    expect(fields.max_age).not.toMatch(/^validation\./);
  });

  test('a good cursor round-trips', () => {
    expect(decodePosition(cursor)).toEqual({ hasPhoto: true, activeAt: NOW, id: 5 });
  });
});
