import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type TestApp, testApp } from './test/app';
import { root } from './test/db';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t?.close());

const nl = JSON.parse(fs.readFileSync(path.join(root, 'common/locales/nl.json'), 'utf8'));
const en = JSON.parse(fs.readFileSync(path.join(root, 'common/locales/en.json'), 'utf8'));
const XHR = { 'x-requested-with': 'XMLHttpRequest' };

/** What a stack trace or a leaked internal error looks like in a body. */
function expectNoInternals(body: string) {
  expect(body).not.toMatch(
    /\n\s+at |\bat .+\.[jt]s:\d+|node_modules|\/work\/|Error:|PGlite|drizzle|SELECT /i,
  );
}

function expectErrorJson(
  res: { statusCode: number; headers: Record<string, unknown>; body: string },
  status: number,
  code: string,
) {
  expect(res.statusCode).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  const body = JSON.parse(res.body);
  expect(body.error).toBe(code);
  expect(typeof body.message).toBe('string');
  expect(body.message.length).toBeGreaterThan(0);
  expectNoInternals(res.body);
  return body;
}

describe('bad input never crashes and always gets the error JSON', () => {
  test.each(['/api/nope', '/api/nope.php', '/api/user.php/extra', '/api/', '/nope.json'])(
    'an unknown API path is a 404 JSON: %s',
    async (url) => {
      const res = await t.app.inject({ url, headers: { host: 'main.test' } });
      expectErrorJson(res, 404, 'not_found');
    },
  );

  test.each(['POST', 'PUT', 'DELETE', 'PATCH'] as const)(
    'a %s to /api/* without X-Requested-With is refused as csrf',
    async (method) => {
      for (const url of ['/api/user.php', '/api/settings.php', '/api/nope']) {
        const res = await t.app.inject({ method, url, headers: { host: 'main.test' }, payload: {} });
        expectErrorJson(res, 403, 'csrf');
      }
    },
  );

  test('the same call with the client header passes the csrf check', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/nope',
      headers: { host: 'main.test', ...XHR },
      payload: {},
    });
    expectErrorJson(res, 404, 'not_found');
  });

  test('a GET needs no client header', async () => {
    expect(
      (await t.app.inject({ url: '/api/settings.php', headers: { host: 'main.test' } })).statusCode,
    ).toBe(200);
  });

  test.each([
    ['a broken JSON body', '{"a":', 'application/json'],
    ['an unsupported body type', '<a/>', 'application/xml'],
  ])('%s gets a 4xx error JSON', async (_, payload, type) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/settings.php',
      headers: { host: 'main.test', 'content-type': type, ...XHR },
      payload,
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expectNoInternals(res.body);
    expect(typeof res.json().error).toBe('string');
  });

  test('a malformed URL gets a 400 error JSON', async () => {
    const res = await t.app.inject({ url: '/api/settings.php%E0%A4%A', headers: { host: 'main.test' } });
    expectErrorJson(res, 400, 'invalid_input');
    const dutch = await t.app.inject({
      url: '/api/%E0%A4%A',
      headers: { host: 'main.test', cookie: 'i18n_locale=nl' },
    });
    expect(expectErrorJson(dutch, 400, 'invalid_input').message).toBe(nl.error.invalid_input);
    const query = await t.app.inject({
      url: '/api/settings.php?domain=%E0%A4%A',
      headers: { host: 'main.test' },
    });
    expect(query.statusCode).toBe(400);
    expectNoInternals(query.body);
  });

  test('errors come in the language of the request', async () => {
    const dutch = await t.app.inject({
      url: '/api/nope',
      headers: { host: 'first.test', cookie: 'i18n_locale=nl' },
    });
    expect(dutch.json().message).toBe(nl.error.not_found);
    const english = await t.app.inject({
      url: '/api/nope',
      headers: { host: 'main.test', cookie: 'i18n_locale=en' },
    });
    expect(english.json().message).toBe(en.error.not_found);
    const invalid = await t.app.inject({
      url: '/api/regions.php?country=nl1',
      headers: { host: 'main.test', cookie: 'i18n_locale=nl' },
    });
    expect(invalid.json().message).toBe(nl.error.invalid_input);
    expect(nl.error.not_found).not.toBe(en.error.not_found);
  });
});

describe('an internal failure is a 500 with the generic message, never a stack trace', () => {
  test('when the database fails in a route', async () => {
    const broken = await testApp();
    try {
      // Warm the site cache, so the failure happens in the route rather than in site resolution.
      expect(
        (await broken.app.inject({ url: '/api/settings.php', headers: { host: 'main.test' } })).statusCode,
      ).toBe(200);
      await broken.database.close();
      const res = await broken.app.inject({
        url: '/api/regions.php',
        headers: { host: 'main.test', cookie: 'i18n_locale=en' },
      });
      expect(expectErrorJson(res, 500, 'internal').message).toBe(en.error.internal);
      expect(res.headers['cache-control']).toBe('no-store');
      const dutch = await broken.app.inject({
        url: '/api/interests.php',
        headers: { host: 'main.test', cookie: 'i18n_locale=nl' },
      });
      expect(expectErrorJson(dutch, 500, 'internal').message).toBe(
        'Er is een fout opgetreden, probeer het later opnieuw.',
      );
    } finally {
      await broken.close();
    }
  });

  test('when the database is down before the site can even be resolved', async () => {
    const broken = await testApp();
    try {
      await broken.database.close();
      const res = await broken.app.inject({
        url: '/api/settings.php',
        headers: { host: 'main.test', cookie: 'i18n_locale=nl' },
      });
      expect(expectErrorJson(res, 500, 'internal').message).toBe(
        'Er is een fout opgetreden, probeer het later opnieuw.',
      );
      // The process keeps serving: the next request gets the same clean answer.
      expectErrorJson(
        await broken.app.inject({ url: '/robots.txt', headers: { host: 'main.test' } }),
        500,
        'internal',
      );
    } finally {
      await broken.close();
    }
  });
});

describe('headers', () => {
  test.each([
    '/api/settings.php',
    '/api/user.php',
    '/api/interests.php',
    '/api/showcase.php',
    '/api/nope',
    '/api/regions.php?country=x',
    '/api/regions.php',
    '/api/companyinfo.php',
  ])('API answers are not stored by caches: %s', async (url) => {
    const res = await t.app.inject({ url, headers: { host: 'main.test' } });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  test.each(['/api/settings.php', '/robots.txt', '/api/nope'])('security headers on %s', async (url) => {
    const res = await t.app.inject({ url, headers: { host: 'main.test' } });
    const csp = String(res.headers['content-security-policy']);
    const directives = Object.fromEntries(
      csp.split(';').map((d) => {
        const [name, ...values] = d.trim().split(/\s+/);
        return [name, values.join(' ')];
      }),
    );
    expect(directives['script-src']).toBeDefined();
    expect(directives['script-src']).not.toMatch(/unsafe-inline|unsafe-eval|\*/);
    expect(directives['default-src']).toBe("'self'");
    // Style elements only from the site; inline style attributes allowed (server-drawn landers).
    expect(directives['style-src']).toBe("'self'");
    expect(directives['style-src-attr']).toBe("'unsafe-inline'");
    expect(directives['frame-ancestors']).toBe("'none'");
    expect(directives['object-src']).toBe("'none'");
    expect(res.headers['referrer-policy']).toMatch(
      /^(no-referrer|same-origin|strict-origin|strict-origin-when-cross-origin)$/,
    );
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-powered-by']).toBeUndefined();
  });
});

describe('/robots.txt', () => {
  test('is answered by the server, per site, as plain text that keeps crawlers out of the API', async () => {
    for (const host of ['main.test', 'closed.test', 'www.closed.test']) {
      const res = await t.app.inject({ url: '/robots.txt', headers: { host } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/plain/);
      expect(res.body).toMatch(/^User-agent: \*$/m);
      expect(res.body).toMatch(/^Disallow: \/api\/$/m);
      expect(res.body).toContain(`Host: ${host.replace(/^www\./, '')}`);
    }
  });
});

describe('/api/docs', () => {
  test('is an OpenAPI 3 document listing every /api path with its methods', async () => {
    const res = await t.app.inject({ url: '/api/docs', headers: { host: 'main.test' } });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.info.title).toEqual(expect.any(String));

    const routes = [...t.app.printRoutes({ commonPrefix: false }).matchAll(/(\/api\/\S+) \(([^)]+)\)/g)]
      .map(([, url, methods]) => ({
        url: (url as string).replace(/:(\w+)/g, '{$1}'),
        methods: (methods as string).split(', ').filter((m) => m !== 'HEAD'),
      }))
      // The socket is no HTTP call: its messages are the schemas of common/api/events.ts, and
      // @fastify/websocket hides its route from the document.
      .filter((r) => r.url !== '/api/docs' && r.url !== '/api/ws');
    expect(routes.map((r) => r.url)).toEqual(expect.arrayContaining(['/api/settings.php', '/api/user.php']));
    for (const { url, methods } of routes) {
      expect(doc.paths, url).toHaveProperty([url]);
      for (const method of methods) {
        const op = doc.paths[url][method.toLowerCase()];
        expect(op, `${method} ${url}`).toBeDefined();
        // A success answer is documented: 200, 201 where a call creates something, 204 where it answers nothing.
        expect(
          Object.keys(op.responses).filter((s) => /^2\d\d$/.test(s)),
          `${method} ${url}`,
        ).not.toHaveLength(0);
      }
    }
    const settingsParams = doc.paths['/api/settings.php'].get.parameters.map((p: { name: string }) => p.name);
    expect(settingsParams).toEqual(expect.arrayContaining(['domain', 'country']));
  });
});
