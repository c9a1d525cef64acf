import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createMember, loginCookie, type TestApp, testApp } from './test/app';

/**
 * The client-header check is decided on the route the router matched, so a path spelled another
 * way (percent-encoded letters, doubled slashes, other case) reaches no state-changing handler
 * without the header.
 */
let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await testApp();
  const me = await createMember(t.db, { credits: 50, paid: true });
  cookie = await loginCookie(t.db, me.id);
});
afterAll(() => t?.close());

/** Routes that take no client header on purpose: providers, mail programs and the page-hidden beacon. */
const EXEMPT = new Set([
  '/api/payment-webhook.php',
  '/api/mail-events.php',
  '/api/unsubscribe.php',
  '/api/page-hidden.php',
  '/demo-checkout/:id',
]);

type Route = { method: string; url: string };

function unsafeRoutes(): Route[] {
  const doc = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
  const routes: Route[] = [];
  for (const [url, methods] of Object.entries(doc.paths)) {
    for (const method of Object.keys(methods)) {
      const m = method.toUpperCase();
      if (['GET', 'HEAD', 'OPTIONS'].includes(m) || EXEMPT.has(url)) continue;
      // Path parameters get a plausible value, so the route matches.
      routes.push({ method: m, url: url.replace(/\{[^}]+\}/g, '1') });
    }
  }
  return routes;
}

/** Other spellings of the same address: what a router may decode or fold to the same route. */
function variants(url: string): string[] {
  const [, first = '', ...rest] = url.split('/');
  const encodedFirst = `%${first.charCodeAt(0).toString(16)}${first.slice(1)}`;
  const last = rest.at(-1) ?? '';
  const encodedLast = `%${last.charCodeAt(0).toString(16).toUpperCase()}${last.slice(1)}`;
  return [
    `/${encodedFirst}/${rest.join('/')}`,
    `/${first}/${[...rest.slice(0, -1), encodedLast].join('/')}`,
    `/${first.replace('a', '%61')}/${rest.join('/')}`,
    `/${url}`,
    url.replace(`/${first}/`, `/${first}//`),
    `/${first.toUpperCase()}/${rest.join('/')}`,
    url.replace(/\.php$/, '.PHP'),
    `${url}?x=1`,
  ];
}

describe('state-changing routes need the client header however the path is spelled', () => {
  test('every unsafe route and every spelling of it: refused as csrf or not found', async () => {
    const routes = unsafeRoutes();
    expect(routes.length).toBeGreaterThan(40);
    const passed: string[] = [];
    for (const route of routes) {
      for (const url of [route.url, ...variants(route.url)]) {
        const res = await t.app.inject({
          method: route.method as 'POST',
          url,
          headers: {
            host: 'main.test',
            cookie,
            origin: 'https://evil.example',
            'content-type': 'application/x-www-form-urlencoded',
          },
          payload: 'id=1&package_id=1&method=ideal',
        });
        const refused =
          (res.statusCode === 403 && JSON.parse(res.body).error === 'csrf') || res.statusCode === 404;
        if (!refused) passed.push(`${route.method} ${url} → ${res.statusCode}`);
      }
    }
    expect(passed).toEqual([]);
  });

  test('an encoded API address is still never cached', async () => {
    for (const url of ['/%61pi/settings.php', '/api/%73ettings.php']) {
      const res = await t.app.inject({ url, headers: { host: 'main.test', cookie } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });

  test('the exempt routes stay reachable without the header, also spelled another way', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/%61pi/payment-webhook.php',
      headers: { host: 'main.test', 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'id=tr_unknown',
    });
    expect(res.statusCode).toBe(200);
  });
});
