import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { OwnPhoto } from '../../common/api/photos';
import { photos } from '../db/schema';
import { createMember, loginCookie, type TestApp, testApp } from '../test/app';
import { HEADERS, keyOf, orphanFiles, photoRows, storedKeys, testImage, upload } from '../test/photos';

let t: TestApp;
let image: Buffer;
beforeAll(async () => {
  t = await testApp();
  image = await testImage('jpeg', { width: 400, height: 500 });
});
afterAll(() => t?.close());

type Member = { id: number; cookie: string };

async function member(paid = false): Promise<Member> {
  const m = await createMember(t.db, { paid });
  return { id: m.id, cookie: await loginCookie(t.db, m.id) };
}

/** A member with `n` uploaded photos, in upload order. */
async function withPhotos(n: number, paid = false): Promise<Member & { photos: OwnPhoto[] }> {
  const m = await member(paid);
  let list: OwnPhoto[] = [];
  for (let i = 0; i < n; i++) list = (await upload(t, m.cookie, image)).json().photos;
  return { ...m, photos: list };
}

const call = (method: 'PATCH' | 'PUT' | 'DELETE' | 'GET', cookie: string, url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: { ...HEADERS, cookie },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const media = (url: string, cookie?: string) =>
  t.app.inject({ url, headers: { host: 'main.test', ...(cookie ? { cookie } : {}) } });

const mainImage = async (cookie: string) =>
  (await call('GET', cookie, '/api/user.php')).json().user.profile.main_image;

describe('main photo', () => {
  test('any of my photos can become the main photo', async () => {
    const m = await withPhotos(3);
    expect(m.photos.map((p) => p.main)).toEqual([true, false, false]);
    const third = m.photos[2] as OwnPhoto;
    const res = await call('PATCH', m.cookie, `/api/photos.php?id=${third.id}`, { main: true });
    expect(res.statusCode).toBe(200);
    expect(res.json().photos.map((p: OwnPhoto) => p.main)).toEqual([false, false, true]);
    expect((await mainImage(m.cookie)).thumb_filename).toBe(third.thumb_url);
  });

  test("another member's photo is 404 and stays as it is", async () => {
    const owner = await withPhotos(2);
    const other = await withPhotos(1);
    const theirs = owner.photos[1] as OwnPhoto;
    for (const body of [{ main: true }, { premium: true }]) {
      const res = await call('PATCH', other.cookie, `/api/photos.php?id=${theirs.id}`, body);
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toBe('not_found');
    }
    expect((await mainImage(other.cookie)).thumb_filename).toBe(other.photos[0]?.thumb_url);
    expect((await call('GET', owner.cookie, '/api/photos.php')).json().photos).toEqual(owner.photos);
  });

  test('a change with nothing to change is 400', async () => {
    const m = await withPhotos(1);
    expect((await call('PATCH', m.cookie, `/api/photos.php?id=${m.photos[0]?.id}`, {})).statusCode).toBe(400);
  });
});

describe('order', () => {
  test('I can put my photos in any order', async () => {
    const m = await withPhotos(3);
    const order = m.photos.map((p) => p.id).reverse();
    const res = await call('PUT', m.cookie, '/api/photos.php', { order });
    expect(res.statusCode).toBe(200);
    expect(res.json().photos.map((p: OwnPhoto) => p.id)).toEqual(order);
    expect((await call('GET', m.cookie, '/api/photos.php')).json().photos.map((p: OwnPhoto) => p.id)).toEqual(
      order,
    );
  });

  test("an order that leaves out, repeats or adds another member's photo is 400 and changes nothing", async () => {
    const m = await withPhotos(3);
    const other = await withPhotos(1);
    const [a, b, c] = m.photos.map((p) => p.id) as [number, number, number];
    for (const order of [
      [a, b],
      [a, b, b],
      [a, b, c, other.photos[0]?.id],
      [a, b, other.photos[0]?.id],
    ]) {
      const res = await call('PUT', m.cookie, '/api/photos.php', { order });
      expect(res.statusCode, JSON.stringify(order)).toBe(400);
    }
    expect((await call('GET', m.cookie, '/api/photos.php')).json().photos.map((p: OwnPhoto) => p.id)).toEqual(
      [a, b, c],
    );
  });
});

describe('delete', () => {
  test('removes the photo and its files; the next photo becomes main', async () => {
    const m = await withPhotos(2);
    const [first, second] = m.photos as [OwnPhoto, OwnPhoto];
    const res = await call('DELETE', m.cookie, `/api/photos.php?id=${first.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().photos).toEqual([{ ...second, main: true }]);
    const keys = storedKeys(t);
    for (const url of [first.url, first.thumb_url, first.blurred_url]) expect(keys).not.toContain(keyOf(url));
    expect((await media(first.url)).statusCode).toBe(404);
    expect((await mainImage(m.cookie)).thumb_filename).toBe(second.thumb_url);
    await call('DELETE', m.cookie, `/api/photos.php?id=${second.id}`);
    expect(await mainImage(m.cookie)).toBeNull();
    expect(await orphanFiles(t)).toEqual([]);
  });

  test("another member's photo is 404 and keeps its row and files", async () => {
    const owner = await withPhotos(1);
    const other = await member();
    const theirs = owner.photos[0] as OwnPhoto;
    const res = await call('DELETE', other.cookie, `/api/photos.php?id=${theirs.id}`);
    expect(res.statusCode).toBe(404);
    expect(await photoRows(t, owner.id)).toHaveLength(1);
    expect((await media(theirs.url)).statusCode).toBe(200);
  });

  test('files another photo row still names are kept (demo photos share images)', async () => {
    const m = await withPhotos(1);
    const [row] = await photoRows(t, m.id);
    if (!row) throw new Error('no row');
    const { id: _id, createdAt: _c, ...copy } = row;
    const second = await member();
    await t.db.insert(photos).values({ ...copy, memberId: second.id });
    await call('DELETE', m.cookie, `/api/photos.php?id=${row.id}`);
    expect(storedKeys(t)).toEqual(expect.arrayContaining([row.originalKey, row.thumbKey, row.blurredKey]));
  });

  test.each(['abc', '-1', '0', '1.5', '99999999999999999999'])('a bad id is 400: %s', async (id) => {
    const m = await member();
    expect((await call('DELETE', m.cookie, `/api/photos.php?id=${id}`)).statusCode).toBe(400);
  });
});

describe('premium-only', () => {
  test('moving a photo to premium renames its keys: the old public address no longer serves it', async () => {
    const m = await withPhotos(1);
    const before = m.photos[0] as OwnPhoto;
    const res = await call('PATCH', m.cookie, `/api/photos.php?id=${before.id}`, { premium: true });
    expect(res.statusCode).toBe(200);
    const after = res.json().photos[0] as OwnPhoto;
    expect(after.premium).toBe(true);
    expect(after.url).toMatch(/^\/media\/p\//);
    expect(after.thumb_url).toMatch(/^\/media\/p\//);
    expect(after.blurred_url).toBe(before.blurred_url);
    expect((await media(before.url)).statusCode).toBe(404);
    expect((await media(before.thumb_url)).statusCode).toBe(404);
    expect(await t.app.services.storage.get(keyOf(before.url))).toBeNull();
    // The premium bytes: a visitor and a free member get nothing, the owner and premium members get them.
    expect((await media(after.url)).statusCode).toBe(404);
    const free = await member();
    expect((await media(after.url, free.cookie)).statusCode).toBe(404);
    expect((await media(after.url, m.cookie)).statusCode).toBe(200);
    const premium = await member(true);
    expect((await media(after.url, premium.cookie)).statusCode).toBe(200);
    expect((await media(after.blurred_url)).statusCode).toBe(200);
    expect(await orphanFiles(t)).toEqual([]);
  });

  test('moving it back to public renames again: the premium address stops serving', async () => {
    const m = await withPhotos(1);
    const id = m.photos[0]?.id;
    const premium = (await call('PATCH', m.cookie, `/api/photos.php?id=${id}`, { premium: true })).json()
      .photos[0] as OwnPhoto;
    const pub = (await call('PATCH', m.cookie, `/api/photos.php?id=${id}`, { premium: false })).json()
      .photos[0] as OwnPhoto;
    expect(pub.premium).toBe(false);
    expect(pub.url).toMatch(/^\/media\/o\//);
    expect((await media(pub.url)).statusCode).toBe(200);
    const paid = await member(true);
    expect((await media(premium.url, paid.cookie)).statusCode).toBe(404);
    expect(await orphanFiles(t)).toEqual([]);
  });

  test('marking and making main at once', async () => {
    const m = await withPhotos(2);
    const second = m.photos[1] as OwnPhoto;
    const res = await call('PATCH', m.cookie, `/api/photos.php?id=${second.id}`, {
      premium: true,
      main: true,
    });
    expect(res.json().photos[1]).toMatchObject({ id: second.id, premium: true, main: true });
  });
});

describe('GET /api/photos.php', () => {
  test('is for members only', async () => {
    const res = await t.app.inject({ url: '/api/photos.php', headers: HEADERS });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('authentication_required');
  });

  test('lists only my photos, with my limit', async () => {
    const m = await withPhotos(2);
    await withPhotos(1);
    const res = await call('GET', m.cookie, '/api/photos.php');
    expect(res.json()).toEqual({ photos: m.photos, limit: 3 });
  });
});
