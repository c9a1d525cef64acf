import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type TestApp, testApp } from '../test/app';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t?.close());

const get = (url: string) => t.app.inject({ url, headers: { host: 'main.test' } });

describe('GET /hero/{niche}-{width}.webp', () => {
  test.each([
    ['milf', 1280, 720],
    ['gay', 640, 360],
  ])('draws the %s hero %i px wide, 16:9, as a cacheable WebP', async (niche, width, height) => {
    const res = await get(`/hero/${niche}-${width}.webp`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toMatch(/public, max-age=\d+/);
    const meta = await sharp(res.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', width, height]);
  });

  test('each niche has its own picture', async () => {
    const a = await get('/hero/plain-640.webp');
    const b = await get('/hero/bdsm-640.webp');
    expect(a.rawPayload.equals(b.rawPayload)).toBe(false);
  });

  test.each(['/hero/nope-640.webp', '/hero/milf-800.webp', '/hero/milf-640.png', '/hero/milf.webp'])(
    '%s is 404',
    async (url) => {
      const res = await get(url);
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toBe('not_found');
    },
  );
});
