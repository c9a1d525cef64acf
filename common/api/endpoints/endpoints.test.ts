import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import type { Endpoint } from '../contract';

/**
 * The member API is described once, here, and both sides go through the descriptions: the server
 * registers each with `serve` (server/plugins/endpoint.ts), the browser calls each with `call`
 * (web/api/client.ts). A route registered by hand, or a fetch of a path written out, could drift.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const here = path.join(root, 'common/api/endpoints');

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

const relative = (file: string) => path.relative(root, file);

/** The member-facing descriptions (the console's are in admin/). */
async function memberEndpoints(): Promise<{ module: string; name: string; endpoint: Endpoint }[]> {
  const files = fs.readdirSync(here).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
  const found = [];
  for (const file of files) {
    const exports = (await import(path.join(here, file))) as Record<string, Record<string, Endpoint>>;
    for (const group of Object.values(exports))
      for (const [name, endpoint] of Object.entries(group)) found.push({ module: file, name, endpoint });
  }
  return found;
}

/** Plain Fastify routes under /api/ that are no JSON call, each with why. */
const PLAIN_API_ROUTES = new Set([
  // The activation mail's link: a page that redirects.
  "server/routes/activation.ts: app.get('/api/activation.php'",
  // The payment provider's report, answered with an empty 200.
  'server/routes/payments.ts: app.post(PAYMENT_WEBHOOK_PATH',
  // A promo's button: counts the click, then redirects to the partner's site.
  "server/routes/promos.ts: app.get('/api/promo-click.php'",
  // The demo provider's checkout form (a page of the provider, not of the API).
  'server/routes/demo-checkout.ts: app.post(DEMO_CHECKOUT_PATH',
  // Probes of a load balancer or orchestrator (liveness, readiness), not calls of the site.
  "server/routes/health.ts: app.get('/api/health'",
  "server/routes/health.ts: app.get('/api/ready'",
  // Prometheus's scrape, behind its bearer token: the text format, not a call of the site.
  "server/routes/metrics.ts: app.get('/api/metrics'",
  // The chat socket's upgrade.
  "server/routes/ws.ts: app.get('/api/ws'",
]);

describe('the endpoint contract', () => {
  test('every member endpoint is described once, under /api/ (a multipart variant shares its path)', async () => {
    const endpoints = await memberEndpoints();
    expect(endpoints.length).toBeGreaterThan(50);
    const seen = new Map<string, string>();
    for (const { module, name, endpoint } of endpoints) {
      // Where the server routes it; an address that a query parameter picks is rewritten there.
      const routed = endpoint.routedAs ?? endpoint.path;
      expect(routed, `${module} ${name}`).toMatch(/^\/api\/[a-z-]+\.php$/);
      if (endpoint.routedAs)
        expect(endpoint.path, `${module} ${name}`).toMatch(/^\/api\/[a-z-]+\.php\?[a-z]+=1$/);
      const key = `${endpoint.method} ${routed}`;
      const other = seen.get(key);
      if (other && !(module === 'messages.ts' && name === 'sendPhoto'))
        throw new Error(`${key} is described twice: ${other} and ${module} ${name}`);
      seen.set(key, `${module} ${name}`);
    }
  });

  test('descriptions load no zod: they name the schemas as types only', () => {
    for (const file of sources(here).filter((f) => !f.includes(`${path.sep}admin${path.sep}`))) {
      const text = fs.readFileSync(file, 'utf8');
      const valueImports = [...text.matchAll(/^import\s+(?!type\b)[^;]*?from\s+'([^']+)'/gm)].map(
        (m) => m[1],
      );
      expect(valueImports, relative(file)).toEqual(valueImports.filter((spec) => spec === '../contract'));
    }
  });

  test('the server registers the member API from the descriptions, not by hand', () => {
    const routes = sources(path.join(root, 'server/routes')).filter(
      (f) => !f.includes(`${path.sep}admin${path.sep}`),
    );
    const byHand = routes.flatMap((file) =>
      [
        ...fs
          .readFileSync(file, 'utf8')
          .matchAll(/\bapp\.(?:get|post|put|patch|delete|route)(?:<[^>]*>)?\(\s*([^,\s]+)/g),
      ]
        // A literal outside /api/ (a page, a file, an image) is no call of the API.
        .filter(([, first]) => !/^['`]\/(?!api\/)/.test(first as string))
        .map(([call, first]) => `${relative(file)}: ${(call as string).split('(')[0]}(${first}`),
    );
    expect(byHand.filter((route) => !PLAIN_API_ROUTES.has(route))).toEqual([]);
  });

  test('the browser calls the member API through `call`, never by a path written out', () => {
    const web = sources(path.join(root, 'web')).filter(
      (f) =>
        !f.includes(`${path.sep}admin${path.sep}`) &&
        relative(f) !== 'web/api/client.ts' &&
        !/(test-support|test-setup)\.tsx?$/.test(f),
    );
    const written = web.flatMap((file) =>
      [...fs.readFileSync(file, 'utf8').matchAll(/apiFetch(?:<[^>]*>)?\(\s*[`'"]\/api\/[^`'"]*/g)].map(
        ([found]) => `${relative(file)}: ${found}`,
      ),
    );
    expect(written).toEqual([]);
  });
});
