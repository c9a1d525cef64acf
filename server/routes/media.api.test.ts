import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createMember, loginCookie, type TestApp, testApp } from '../test/app';

let t: TestApp;
let owner: Awaited<ReturnType<typeof createMember>>;
const BYTES = Buffer.from('RIFF....WEBPVP8 fake image bytes');

beforeAll(async () => {
  t = await testApp();
  owner = await createMember(t.db, { photo: { premium: true } });
  const photo = owner.photo;
  if (!photo) throw new Error('photo missing');
  for (const key of [photo.originalKey, photo.thumbKey, photo.blurredKey])
    await t.app.services.storage.put(key, BYTES);
});
afterAll(() => t?.close());

const get = (url: string, cookie?: string) =>
  t.app.inject({ url, headers: { host: 'main.test', ...(cookie ? { cookie } : {}) } });

describe('GET /media/…', () => {
  test('serves a public rendition to anyone, as an image that must not be sniffed', async () => {
    const res = await get(`/media/${owner.photo?.thumbKey}`);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(BYTES)).toBe(true);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect((await get(`/media/${owner.photo?.blurredKey}`)).statusCode).toBe(200);
  });

  test('a premium original is 404 for a visitor and for a free member', async () => {
    const url = `/media/${owner.photo?.originalKey}`;
    expect(url).toMatch(/^\/media\/p\//);
    const visitor = await get(url);
    expect(visitor.statusCode).toBe(404);
    expect(visitor.json().error).toBe('not_found');
    const free = await createMember(t.db);
    const res = await get(url, await loginCookie(t.db, free.id));
    expect(res.statusCode).toBe(404);
    expect(res.rawPayload.includes(BYTES)).toBe(false);
  });

  test('a premium original is served to a premium member', async () => {
    const premium = await createMember(t.db, { paid: true });
    const res = await get(`/media/${owner.photo?.originalKey}`, await loginCookie(t.db, premium.id));
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(BYTES)).toBe(true);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toMatch(/private/);
  });

  test.each([
    '/media/o/abc.webp',
    '/media/x/0123456789abcdef0123.webp',
    '/media/o/0123456789abcdef0123.png',
    '/media/o/0123456789abcdef0123.webp',
    '/media/o/../../server.lock',
    '/media/o/%2e%2e%2f%2e%2e%2fetc%2fpasswd',
    '/media/',
  ])('a bad or unknown key is 404: %s', async (url) => {
    const res = await get(url);
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe('not_found');
  });
});
