import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type TestApp, testApp } from './test/app';
import { root } from './test/db';

let t: TestApp;
beforeAll(async () => {
  t = await testApp({ webDir: path.join(root, 'server/test/web') });
});
afterAll(() => t?.close());

const get = (url: string, acceptEncoding?: string) =>
  t.app.inject({
    url,
    headers: { host: 'main.test', ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) },
  });

describe('compressed answers', () => {
  test('JSON goes out as brotli to a browser that takes it, and reads back the same', async () => {
    const plain = await get('/api/regions.php');
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await get('/api/regions.php', 'gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(zlib.brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
  });

  test('gzip for the browsers without brotli', async () => {
    const gz = await get('/api/regions.php', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(gz.rawPayload).toString()).regions.length).toBeGreaterThan(0);
  });

  test('the server-drawn pages are compressed too', async () => {
    const url = '/landers/gallery/milf-x';
    expect((await get(url)).rawPayload.length).toBeGreaterThan(1024);
    const res = await get(url, 'br');
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toContain('<div id="root">');
  });

  test('a compressed request body is refused, never inflated', async () => {
    const body = zlib.gzipSync(JSON.stringify({ email: 'a@b.example', password: 'x' }));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user.php',
      headers: {
        host: 'main.test',
        'content-type': 'application/json',
        'content-encoding': 'gzip',
        'x-requested-with': 'XMLHttpRequest',
      },
      payload: body,
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
  });
});
