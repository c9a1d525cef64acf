import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type TestApp, testApp } from '../test/app';
import { root } from '../test/db';

let t: TestApp;
beforeAll(async () => {
  t = await testApp({ webDir: path.join(root, 'server/test/web') });
});
afterAll(() => t?.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ url, headers: { host: 'main.test', ...headers } });

describe('the SPA', () => {
  test.each(['/', '/pages/terms', '/members', '/no/such/page'])(
    '%s gets the app page, which routes it (and shows its own 404 page)',
    async (url) => {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toContain('<div id="root"></div>');
    },
  );

  test("starts with the site's title, description and language", async () => {
    const res = await get('/', { cookie: 'i18n_locale=fr' });
    expect(res.body).toContain('<html lang="fr">');
    expect(res.body).toContain('<title>Main – test site</title>');
    expect(res.body).toContain('<meta name="description" content="The default test site.">');
    // No cookie: the site's domain_language (closed.test is de_AT).
    expect((await get('/', { host: 'closed.test' })).body).toContain('<html lang="de">');
  });

  test('its page carries the security headers and is revalidated', async () => {
    const res = await get('/');
    expect(res.headers['content-security-policy']).toMatch(/script-src 'self'(;|$)/);
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  test('hashed assets are served and cached for good', async () => {
    const res = await get('/assets/app-test1234.js');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('test bundle');
    expect(res.headers['cache-control']).toContain('immutable');
  });

  test.each(['/assets/missing-123.js', '/favicon.ico', '/api/nope', '/media/o/x.webp'])(
    'a missing file or API path is a 404 JSON, not the app page: %s',
    async (url) => {
      const res = await get(url);
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toBe('not_found');
    },
  );

  test('a POST to a page path is not answered with the app page', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/members',
      headers: { host: 'main.test', 'x-requested-with': 'XMLHttpRequest' },
      payload: {},
    });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('<div id="root">');
  });
});
