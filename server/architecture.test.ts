import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';

/**
 * The direction of the server's imports (docs/architecture.md): routes speak HTTP and call services;
 * services own the rules and the queries; infrastructure knows no domain. A route that queries the
 * schema itself, or reaches into another route, is how a rule ends up written twice.
 */

const server = path.dirname(fileURLToPath(import.meta.url));

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'testing' ? [] : sources(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')
      ? [full]
      : [];
  });
}

type Import = { target: string; typeOnly: boolean };

/** The imports of a file: package names as written, relative ones resolved to a file of the tree. */
function importsOf(file: string): Import[] {
  const text = fs.readFileSync(file, 'utf8');
  const found: Import[] = [];
  const pattern = /^(import|export)\s+(type\s+)?(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/gm;
  for (const match of text.matchAll(pattern)) {
    const spec = match[3] as string;
    const typeOnly = Boolean(match[2]);
    if (!spec.startsWith('.')) {
      found.push({ target: spec, typeOnly });
      continue;
    }
    const base = path.resolve(path.dirname(file), spec);
    const target =
      ['.ts', '.tsx', '/index.ts', ''].map((ext) => base + ext).find((p) => fs.existsSync(p)) ?? base;
    found.push({ target: path.relative(server, target), typeOnly });
  }
  return found;
}

function violations(dir: string, refuse: (from: string, imported: Import) => boolean): string[] {
  return sources(path.join(server, dir)).flatMap((file) => {
    const from = path.relative(server, file);
    return importsOf(file)
      .filter((imported) => refuse(from, imported))
      .map((imported) => `${from} → ${imported.target}`);
  });
}

const inside = (folder: string) => (target: string) => target.startsWith(`${folder}/`);

describe('the server imports in one direction', () => {
  test('routes use services, plugins and common/, never the database, the seed, tests or another route', () => {
    // The two places that bind routes together: the socket's frame table and the console's group.
    const allowed = new Set(['routes/ws.ts → routes/chat-frames.ts']);
    const found = violations('routes', (from, { target, typeOnly }) => {
      if (target === 'drizzle-orm' || target.startsWith('drizzle-orm/')) return true;
      if (inside('db')(target)) return !(typeOnly && target === 'db/client.ts');
      if (inside('seed')(target) || inside('test')(target)) return true;
      if (!inside('routes')(target)) return false;
      if (from === 'routes/admin/index.ts' && inside('routes/admin')(target)) return false;
      return !allowed.has(`${from} → ${target}`);
    });
    expect(found).toEqual([]);
  });

  test('services, presenters, plugins and infrastructure never import a route or the app', () => {
    const found = ['services', 'presenters', 'plugins', 'infra'].flatMap((dir) =>
      violations(dir, (_from, { target }) => inside('routes')(target) || target === 'app.ts'),
    );
    expect(found).toEqual([]);
  });

  test('infrastructure knows no domain: at most the types of the services bag and of a site', () => {
    const found = violations(
      'infra',
      (_from, { target, typeOnly }) => inside('services')(target) && !typeOnly,
    );
    expect(found).toEqual([]);
  });

  test('the services bag is a leaf of types, so no service imports the app through it', () => {
    const found = importsOf(path.join(server, 'services/bag.ts')).filter((i) => !i.typeOnly);
    expect(found).toEqual([]);
  });
});
