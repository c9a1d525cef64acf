import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildApp } from './app';
import type { Storage } from './infra/storage';
import { createMember, loginCookie, type TestApp, testApp } from './test/app';
import { root, testDatabase } from './test/db';
import { capturedLogger } from './test/log';
import { createTestStaff, staffCookie, staffHeaders } from './test/staff';

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
  test('when a part of the server fails (the photo store, here)', async () => {
    const failing: Storage = {
      put: async () => {},
      get: async () => {
        throw new Error('EIO: disk failure at /srv/media');
      },
      delete: async () => {},
      check: async () => {},
    };
    const broken = await testApp({ storage: failing });
    try {
      const url = `/media/o/${'a'.repeat(24)}.webp`;
      const res = await broken.app.inject({ url, headers: { host: 'main.test', cookie: 'i18n_locale=en' } });
      expect(expectErrorJson(res, 500, 'internal').message).toBe(en.error.internal);
      expect(res.body).not.toContain('disk failure');
      const dutch = await broken.app.inject({
        url,
        headers: { host: 'main.test', cookie: 'i18n_locale=nl' },
      });
      expect(expectErrorJson(dutch, 500, 'internal').message).toBe(
        'Er is een fout opgetreden, probeer het later opnieuw.',
      );
    } finally {
      await broken.close();
    }
  });
});

describe('a database outage is degraded service, not a crash', () => {
  test("calls that need the database answer 503 unavailable with Retry-After, in the member's language", async () => {
    const broken = await testApp();
    try {
      // The sites are read once, as by any request before the outage.
      expect(
        (await broken.app.inject({ url: '/api/settings.php', headers: { host: 'main.test' } })).statusCode,
      ).toBe(200);
      await broken.database.close();
      const res = await broken.app.inject({
        url: '/api/regions.php',
        headers: { host: 'main.test', cookie: 'i18n_locale=en' },
      });
      expect(expectErrorJson(res, 503, 'unavailable').message).toBe(en.error.unavailable);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.headers['cache-control']).toBe('no-store');
      const dutch = await broken.app.inject({
        url: '/api/interests.php',
        headers: { host: 'main.test', cookie: 'i18n_locale=nl' },
      });
      expect(expectErrorJson(dutch, 503, 'unavailable').message).toBe(nl.error.unavailable);
    } finally {
      await broken.close();
    }
  });

  test('the sites last read keep serving what needs no other data: settings, robots.txt', async () => {
    let clock = Date.now();
    const broken = await testApp({ now: () => new Date(clock) });
    try {
      const before = await broken.app.inject({ url: '/api/settings.php', headers: { host: 'main.test' } });
      expect(before.statusCode).toBe(200);
      await broken.database.close();
      // Past the sites' recheck: the server asks the database again, which does not answer.
      clock += 5_000;
      const during = await broken.app.inject({ url: '/api/settings.php', headers: { host: 'main.test' } });
      expect(during.statusCode).toBe(200);
      expect(during.json()).toEqual(before.json());
      const robots = await broken.app.inject({ url: '/robots.txt', headers: { host: 'main.test' } });
      expect(robots.statusCode).toBe(200);
      expect(robots.body).toMatch(/^User-agent: \*$/m);
    } finally {
      await broken.close();
    }
  });

  test('refused requests are logged once when the outage starts, not once per request', async () => {
    const { database, config, destroy } = await testDatabase();
    const captured = capturedLogger({ level: 'warn' });
    const app = await buildApp({ config, database, webDir: null, logger: captured.log });
    try {
      await app.ready();
      expect(
        (await app.inject({ url: '/api/settings.php', headers: { host: 'main.test' } })).statusCode,
      ).toBe(200);
      await database.close();
      for (const url of ['/api/regions.php', '/api/interests.php', '/api/regions.php', '/api/interests.php'])
        expect((await app.inject({ url, headers: { host: 'main.test' } })).statusCode).toBe(503);
      const outageLines = captured.entries().filter((e) => String(e.msg).startsWith('database'));
      expect(outageLines.map((e) => e.msg)).toEqual(['database unavailable']);
    } finally {
      await app.close();
      await destroy();
    }
  });

  test('down before the sites could ever be read: 503, and the process keeps serving', async () => {
    const broken = await testApp();
    try {
      await broken.database.close();
      const res = await broken.app.inject({
        url: '/api/settings.php',
        headers: { host: 'main.test', cookie: 'i18n_locale=nl' },
      });
      expect(expectErrorJson(res, 503, 'unavailable').message).toBe(nl.error.unavailable);
      expectErrorJson(
        await broken.app.inject({ url: '/robots.txt', headers: { host: 'main.test' } }),
        503,
        'unavailable',
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
    // Styles only from the site: no style element and no style attribute inline (style-src-attr
    // falls back to style-src).
    expect(directives['style-src']).toBe("'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(directives['style-src-attr']).toBeUndefined();
    // Features no page uses are off; the location stays for the site's own "near me".
    const permissions = String(res.headers['permissions-policy']);
    expect(permissions).toContain('camera=()');
    expect(permissions).toContain('microphone=()');
    expect(permissions).toContain('payment=()');
    expect(permissions).toContain('geolocation=(self)');
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
  /** The router's /api routes with their methods, in the document's spelling of parameters. */
  function apiRoutes() {
    return (
      [...t.app.printRoutes({ commonPrefix: false }).matchAll(/(\/api\/\S+) \(([^)]+)\)/g)]
        .map(([, url, methods]) => ({
          url: (url as string).replace(/:(\w+)/g, '{$1}'),
          methods: (methods as string).split(', ').filter((m) => m !== 'HEAD'),
        }))
        // The socket is no HTTP call: its messages are the schemas of common/api/events.ts, and
        // @fastify/websocket hides its route from the document.
        .filter((r) => !['/api/docs', '/api/admin/docs', '/api/ws'].includes(r.url))
    );
  }

  function expectDocumented(
    doc: { paths: Record<string, Record<string, { responses: object }>> },
    routes: ReturnType<typeof apiRoutes>,
  ) {
    for (const { url, methods } of routes) {
      expect(doc.paths, url).toHaveProperty([url]);
      for (const method of methods) {
        const op = doc.paths[url]?.[method.toLowerCase()];
        expect(op, `${method} ${url}`).toBeDefined();
        // A success answer is documented: 200, 201 where a call creates something, 204 where it answers nothing.
        expect(
          Object.keys(op?.responses ?? {}).filter((s) => /^2\d\d$/.test(s)),
          `${method} ${url}`,
        ).not.toHaveLength(0);
      }
    }
  }

  test('is an OpenAPI 3 document listing every /api path of members and visitors with its methods', async () => {
    const res = await t.app.inject({ url: '/api/docs', headers: { host: 'main.test' } });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.info.title).toEqual(expect.any(String));
    const routes = apiRoutes().filter((r) => !r.url.startsWith('/api/admin/'));
    expect(routes.map((r) => r.url)).toEqual(expect.arrayContaining(['/api/settings.php', '/api/user.php']));
    expectDocumented(doc, routes);
    const settingsParams = doc.paths['/api/settings.php'].get.parameters.map((p: { name: string }) => p.name);
    expect(settingsParams).toEqual(expect.arrayContaining(['domain', 'country']));
  });

  test("leaves the console's API out of the public document", async () => {
    const doc = (await t.app.inject({ url: '/api/docs', headers: { host: 'main.test' } })).json();
    expect(Object.keys(doc.paths).filter((p) => p.startsWith('/api/admin/'))).toEqual([]);
    // Every shared schema left is one a public path refers to, directly or through another.
    const text = JSON.stringify(doc.paths);
    const names = Object.keys(doc.components?.schemas ?? {});
    const reached = new Set(names.filter((n) => text.includes(`#/components/schemas/${n}"`)));
    for (let more = true; more; ) {
      const before = reached.size;
      for (const n of [...reached])
        for (const m of names)
          if (JSON.stringify(doc.components.schemas[n]).includes(`#/components/schemas/${m}"`))
            reached.add(m);
      more = reached.size > before;
    }
    expect(names.filter((n) => !reached.has(n))).toEqual([]);
  });

  test('the whole document, console included, is for staff only', async () => {
    const member = await createMember(t.db);
    for (const cookie of [undefined, await loginCookie(t.db, member.id)]) {
      const res = await t.app.inject({
        url: '/api/admin/docs',
        headers: { host: 'main.test', ...(cookie ? { cookie } : {}) },
      });
      expect(res.statusCode).toBe(403);
    }
    const staff = await createTestStaff(t.db, 'moderator');
    const res = await t.app.inject({
      url: '/api/admin/docs',
      headers: { host: 'main.test', ...staffHeaders(await staffCookie(t.db, staff.id)) },
    });
    expect(res.statusCode).toBe(200);
    expectDocumented(
      res.json(),
      apiRoutes().filter((r) => r.url.startsWith('/api/admin/')),
    );
  });
});
