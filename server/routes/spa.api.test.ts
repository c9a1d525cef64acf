import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { members } from '../db/schema';
import { translate } from '../i18n';
import { createMember, loginCookie, type TestApp, testApp } from '../test/app';
import { root } from '../test/db';

let t: TestApp;
// Members of the default site: one shown to visitors, one invisible, one who deleted their account.
let shown = 0;
let invisible = 0;
let deleted = 0;
beforeAll(async () => {
  t = await testApp({
    webDir: path.join(root, 'server/test/web'),
    seed: async (db) => {
      shown = (await createMember(db, { name: 'Shown', photo: {} })).id;
      invisible = (await createMember(db, { name: 'Hidden', invisible: true })).id;
      deleted = (await createMember(db, { name: 'Gone' })).id;
      await db.update(members).set({ deletedAt: new Date() }).where(eq(members.id, deleted));
    },
  });
});
afterAll(() => t?.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ url, headers: { host: 'main.test', ...headers } });

const title = (body: string) => /<title>(.*?)<\/title>/.exec(body)?.[1];
const description = (body: string) => /<meta name="description" content="([^"]*)">/.exec(body)?.[1];

describe('the SPA', () => {
  test.each(['/', '/pages/terms', '/members', '/no/such/page'])(
    '%s gets the app page, which routes it (and shows its own 404 page)',
    async (url) => {
      const res = await get(url);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toContain('<div id="root"></div>');
    },
  );

  test("starts with the site's title, description and language in the site's language", async () => {
    const res = await get('/', { cookie: 'i18n_locale=nl' });
    expect(res.body).toContain('<html lang="nl">');
    expect(res.body).toContain('<title>Main – test site</title>');
    expect(res.body).toContain('<meta name="description" content="The default test site.">');
    // No cookie: the site's domain_language (closed.test is de_AT).
    expect((await get('/', { host: 'closed.test' })).body).toContain('<html lang="de">');
  });

  test("a visitor in another language gets the home page's title and description in that language", async () => {
    for (const lng of ['en', 'fr'] as const) {
      const { body } = await get('/', { cookie: `i18n_locale=${lng}` });
      expect(body).toContain(`<html lang="${lng}">`);
      expect(title(body)).toBe(`${translate(lng, 'home.hero.plain.title')} – Main`);
      expect(description(body)).toBe(translate(lng, 'home.hero.plain.subtitle', { site: 'Main' }));
      // The link preview says the same.
      expect(body).toContain(`<meta property="og:title" content="${title(body)}">`);
    }
    // A site whose language is English (closed.test is German) by the visitor's country.
    const { body } = await get('/', { host: 'closed.test', cookie: 'i18n_locale=en' });
    expect(description(body)).not.toMatch(/[äöüß]/);
  });

  test('every page starts with its title in the visitor language: the 404 page, info pages, landers, member landings', async () => {
    const en = (key: string) => `${translate('en', key)} – Main`;
    const cookie = 'i18n_locale=en';
    expect(title((await get('/does-not-exist', { cookie })).body)).toBe(en('error.pageNotFound'));
    expect(title((await get(`/members/${deleted}/landing`, { cookie })).body)).toBe(en('error.pageNotFound'));
    expect(title((await get('/landers/gallery/milf-x', { cookie })).body)).toBe(en('landers.pageTitle'));
    expect(title((await get(`/members/${shown}/landing`, { cookie })).body)).toBe(
      en('memberLanding.pageTitle'),
    );
    expect(title((await get('/pages/terms', { cookie })).body)).toBe(
      `${translate('en', 'pages:terms.title')} – Main`,
    );
    expect(title((await get('/return-policy', { cookie })).body)).toBe(
      `${translate('en', 'pages:returnPolicy.title')} – Main`,
    );
    for (const url of ['/login', '/members', `/members/${shown}`]) {
      const { body } = await get(url, { cookie });
      expect(title(body), url).toBe(`${translate('en', 'home.hero.plain.title')} – Main`);
      expect(description(body), url).toBe(translate('en', 'home.hero.plain.subtitle', { site: 'Main' }));
    }
  });

  test("names what a lander's first render needs, so the browser fetches it at once", async () => {
    const { body } = await get('/landers/gallery/milf-x', { cookie: 'i18n_locale=de' });
    const head = body.slice(0, body.indexOf('</head>'));
    // The visitor's catalog and the fallback language's, which i18next loads beside it: both
    // parts of each, the shell's and the screens' (the lander is a screen).
    for (const lng of ['de', 'nl'])
      for (const part of ['translation', 'screens'])
        expect(head).toContain(
          `<link rel="preload" as="fetch" crossorigin href="/assets/${lng}-${part}-test.json">`,
        );
    expect(head).not.toContain('/assets/en-');
    for (const chunk of ['LanderLayout', 'LanderScreen', 'kit', 'GalleryLander'])
      expect(head).toContain(`<link rel="modulepreload" crossorigin href="/assets/${chunk}-test.js">`);
    expect(head).toContain('<link rel="stylesheet" crossorigin href="/assets/GalleryLander-test.css">');
    // The entry's imports are the page's own already; other screens are not named.
    expect(head).not.toContain('framework-test.js');
    expect(head).not.toContain('HomeScreen-test.js');
    expect(head.match(/kit-test\.js/g)).toHaveLength(1);
  });

  test("the home page names its screen and the niche's hero picture; other pages their screens", async () => {
    const home = (await get('/')).body;
    expect(home).toContain('<link rel="modulepreload" crossorigin href="/assets/HomeScreen-test.js">');
    // main.test is niche 1 (plain).
    expect(home).toMatch(
      /<link rel="preload" as="image" fetchpriority="high" href="\/hero\/plain-1280\.webp" imagesrcset="\/hero\/plain-640\.webp 640w, \/hero\/plain-1280\.webp 1280w" imagesizes="[^"]+">/,
    );
    const terms = (await get('/pages/terms')).body;
    expect(terms).toContain('<link rel="modulepreload" crossorigin href="/assets/InfoPageScreen-test.js">');
    expect(terms).not.toContain('HomeScreen-test.js');
    expect(terms).not.toContain('/hero/');
    expect(terms).toContain('as="fetch"');
    // An area's screens: the area's module and the screen's, with what the screen imports.
    const credits = (await get('/credits')).body;
    for (const chunk of ['payments-area', 'CreditsScreen', 'kit'])
      expect(credits).toContain(`<link rel="modulepreload" crossorigin href="/assets/${chunk}-test.js">`);
    expect(credits).toContain('<link rel="stylesheet" crossorigin href="/assets/CreditsScreen-test.css">');
  });

  test('a member landing names its layout and screen', async () => {
    const { body } = await get('/members/12/landing');
    expect(body).toContain('/assets/MemberLandingScreen-test.js');
    expect(body).toContain('/assets/LanderLayout-test.js');
  });

  test("brings the site's data, as the API answers it for this page, so the app asks for none of it", async () => {
    const { body } = await get('/members?network=testnet', { cookie: 'i18n_locale=de' });
    const block = body.match(/<script type="application\/json" id="site-state">(.*?)<\/script>/)?.[1];
    const state = new Map(JSON.parse(block ?? '[]') as [string[], unknown][]);
    const byKey = (key: string) => [...state].find(([k]) => k[0] === key)?.[1];
    const asked = (url: string) => get(url, { cookie: 'i18n_locale=de' }).then((r) => r.json());
    expect(byKey('settings')).toEqual(await asked('/api/settings.php?network=testnet&domain=main.test'));
    expect(byKey('companyinfo')).toEqual(await asked('/api/companyinfo.php'));
  });

  test("a member's page brings the account and the screen's first data, as the API answers them to that member", async () => {
    const viewer = await createMember(t.db, {});
    const cookie = `i18n_locale=en; ${await loginCookie(t.db, viewer.id)}`;
    const stateOf = (body: string) =>
      JSON.parse(
        body.match(/<script type="application\/json" id="site-state">(.*?)<\/script>/)?.[1] ?? '[]',
      ) as [unknown[], unknown][];
    const asked = (url: string) => get(url, { cookie }).then((r) => r.json());

    const likes = await get('/likes', { cookie });
    expect(likes.headers['cache-control']).toBe('private, no-cache');
    const likesState = stateOf(likes.body);
    expect(likesState.find(([k]) => k[0] === 'user')?.[1]).toEqual(await asked('/api/user.php'));
    expect(likesState.find(([k]) => k[0] === 'likes')?.[1]).toEqual(await asked('/api/likes.php'));
    expect(likesState.some(([k]) => k[0] === 'chats')).toBe(false);

    const profile = await get(`/members/${shown}`, { cookie });
    const member = stateOf(profile.body).find(([k]) => k[0] === 'member' && k[1] === shown)?.[1] as {
      photos: { filename: string }[];
    };
    expect(member).toEqual((await asked(`/api/member.php?id=${shown}`)).profile);
    // Its first photo, the page's largest picture, is fetched with the page.
    const head = profile.body.slice(0, profile.body.indexOf('</head>'));
    expect(head).toContain(
      `<link rel="preload" as="image" fetchpriority="high" href="${member.photos[0]?.filename}">`,
    );

    // A page the member may not open brings nothing of theirs beyond the account; a visitor nothing.
    const gone = stateOf((await get(`/members/${deleted}`, { cookie })).body);
    expect(gone.map(([k]) => k[0]).sort()).toEqual(['companyinfo', 'settings']);
    const visitor = await get('/likes');
    expect(
      stateOf(visitor.body)
        .map(([k]) => k[0])
        .sort(),
    ).toEqual(['companyinfo', 'settings']);
    expect(visitor.headers['cache-control']).toBe('no-cache');
    expect(visitor.headers['x-app-shell']).toBe('1');

    // The offline shell the service worker asks for is the plain page, for a member too; a page
    // with the member's data is never one.
    expect(likes.headers['x-app-shell']).toBeUndefined();
    const shell = await get('/', { cookie, 'x-app-shell': '1' });
    expect(shell.headers['x-app-shell']).toBe('1');
    expect(
      stateOf(shell.body)
        .map(([k]) => k[0])
        .sort(),
    ).toEqual(['companyinfo', 'settings']);
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

describe('the status of a page is what the visitor sees', () => {
  test.each([
    '/does-not-exist',
    '/no/such/page',
    '/landers/nothing',
    '/landers/gallery/unknown-niche',
    '/landers/tinderswipe/milf',
    '/pages/nothing',
    '/likes/everything',
    '/members/abc',
    '/members/0',
    '/members/999999',
    '/members/999999/landing',
    '/members/abc/landing',
    '/members/1/landing/milf-x',
    '/members/1/unknown',
    '/chats/abc',
    '/promo/0',
  ])('%s is the 404 page, answered 404', async (url) => {
    const res = await get(url);
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('<div id="root"></div>');
  });

  test('an invisible member is not there for a visitor: 404', async () => {
    expect((await get(`/members/${invisible}/landing`)).statusCode).toBe(404);
    expect((await get(`/members/${invisible}`)).statusCode).toBe(404);
  });

  test("a deleted member's landing and page are gone: 410, with the same page", async () => {
    for (const url of [
      `/members/${deleted}/landing`,
      `/members/${deleted}/landing2/milf-x`,
      `/members/${deleted}`,
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(410);
      expect(res.body).toContain('<div id="root"></div>');
    }
  });

  test('the pages of the app answer 200', async () => {
    const pages = [
      '/',
      '/members',
      '/pages/terms',
      '/faq',
      '/login',
      '/signup',
      '/likes',
      '/likes/given',
      `/likes/m/${shown}`,
      '/chats/12',
      '/members/12/chat',
      '/credits/3/ideal',
      '/reset-password/do',
      '/unsubscribe/some-token',
      '/admin/members',
      '/landers/tinderswipe',
      '/landers/gallery',
      '/landers/gallery/milf-x',
      `/members/${shown}`,
      `/members/${shown}/landing`,
      `/members/${shown}/signup`,
      `/members/${shown}/landing3/gay-x`,
    ];
    for (const url of pages) expect((await get(url)).statusCode, url).toBe(200);
  });

  test('a landing whose member the site shows to members only is a page (the landing leads to signup)', async () => {
    // main.test shows no profiles to visitors of a traffic source, in the address or remembered.
    expect((await get(`/members/${shown}/landing?network=adnet`)).statusCode).toBe(200);
    const cookie = `tracking=${encodeURIComponent(JSON.stringify({ network: 'adnet' }))}`;
    expect((await get(`/members/${shown}/landing`, { cookie })).statusCode).toBe(200);
  });

  test('a signed-in member opening a landing is sent on to the member: a page', async () => {
    const viewer = await createMember(t.db, { name: 'Viewer' });
    const cookie = await loginCookie(t.db, viewer.id);
    expect((await get(`/members/${shown}/landing`, { cookie })).statusCode).toBe(200);
    expect((await get(`/members/${deleted}`, { cookie })).statusCode).toBe(410);
  });
});
