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

  test("names what a lander's first render needs, so the browser fetches it at once", async () => {
    const { body } = await get('/landers/gallery/milf-x', { cookie: 'i18n_locale=de' });
    const head = body.slice(0, body.indexOf('</head>'));
    // The visitor's catalog and the fallback language's, which i18next loads beside it.
    expect(head).toContain('<link rel="preload" as="fetch" crossorigin href="/assets/de-test.json">');
    expect(head).toContain('<link rel="preload" as="fetch" crossorigin href="/assets/nl-test.json">');
    expect(head).not.toContain('en-test.json');
    for (const chunk of ['LanderLayout', 'LanderScreen', 'kit', 'GalleryLander'])
      expect(head).toContain(`<link rel="modulepreload" crossorigin href="/assets/${chunk}-test.js">`);
    expect(head).toContain('<link rel="stylesheet" crossorigin href="/assets/GalleryLander-test.css">');
    // The entry's imports are the page's own already; other screens are not named.
    expect(head).not.toContain('framework-test.js');
    expect(head).not.toContain('HomeScreen-test.js');
    expect(head.match(/kit-test\.js/g)).toHaveLength(1);
  });

  test("the home page names its screen and the niche's hero picture; other pages only the catalogs", async () => {
    const home = (await get('/')).body;
    expect(home).toContain('<link rel="modulepreload" crossorigin href="/assets/HomeScreen-test.js">');
    // main.test is niche 1 (plain).
    expect(home).toMatch(
      /<link rel="preload" as="image" fetchpriority="high" href="\/hero\/plain-1280\.webp" imagesrcset="\/hero\/plain-640\.webp 640w, \/hero\/plain-1280\.webp 1280w" imagesizes="[^"]+">/,
    );
    const terms = (await get('/pages/terms')).body;
    expect(terms).not.toContain('modulepreload');
    expect(terms).not.toContain('/hero/');
    expect(terms).toContain('as="fetch"');
  });

  test('a member landing names its layout and screen', async () => {
    const { body } = await get('/members/12/landing');
    expect(body).toContain('/assets/MemberLandingScreen-test.js');
    expect(body).toContain('/assets/LanderLayout-test.js');
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
