import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { LOCALES } from '../constants';
import { CATALOG_PARTS, catalogPart, SHELL_GROUPS } from './parts';

/**
 * What browsers download of the catalogs: never the texts only the server sends (mails, SMS…,
 * common/locales/server), and for the first render only the shell's part, which must hold every
 * group the shell's code uses, or the shell would show raw keys until the screens' part arrives.
 */

const dir = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(dir, '../..');
const json = (file: string) =>
  JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as Record<string, unknown>;
const appGroups = new Set(Object.keys(json('en.json')));
const serverGroups = Object.keys(json('server/en.json'));

/** The catalog groups a source file names in a key (`'group.key'`, `` `group.${x}` ``). */
function groupsIn(source: string): Set<string> {
  const found = new Set<string>();
  for (const m of source.matchAll(/['"`]([a-zA-Z]+)\.[\w.${}]/g))
    if (appGroups.has(m[1] as string) || serverGroups.includes(m[1] as string)) found.add(m[1] as string);
  return found;
}

function resolve(from: string, spec: string): string | null {
  const base = path.resolve(path.dirname(from), spec);
  for (const file of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`])
    if (fs.existsSync(file) && fs.statSync(file).isFile()) return file;
  return null;
}

/**
 * The shell's modules: the entry's static imports and the parts it loads lazily itself (menus,
 * banners, tab bar, error page…), but not the screens, which wait for the screens' part
 * (`lazyScreen`, the screen table's `screen`), nor the idle prefetch, which only warms their chunks.
 */
function shellModules(): Map<string, string> {
  const modules = new Map<string, string>();
  const visit = (file: string) => {
    if (modules.has(file) || file.endsWith(path.join('state', 'prefetch.ts'))) return;
    const source = fs.readFileSync(file, 'utf8');
    modules.set(file, source);
    const imports = [
      ...source.matchAll(/^\s*(?:import|export)\s+(?!type\b)(?:[^'";]*?\sfrom\s+)?['"](\.[^'"]+)['"]/gm),
      ...source.matchAll(/(?<!(?:lazyScreen|screen)\(\s*\(\)\s*=>\s*)import\(['"](\.[^'"]+)['"]\)/g),
    ];
    for (const m of imports) {
      const target = resolve(file, m[1] as string);
      if (target && /\.tsx?$/.test(target)) visit(target);
    }
  };
  visit(path.join(root, 'web/main.tsx'));
  return modules;
}

function webSources(folder = path.join(root, 'web')): [string, string][] {
  return fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(folder, entry.name);
    if (entry.isDirectory()) return webSources(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)
      ? [[file, fs.readFileSync(file, 'utf8')] as [string, string]]
      : [];
  });
}

describe('texts only the server sends', () => {
  test('are in no catalog the browser downloads', () => {
    expect(serverGroups.length).toBeGreaterThan(0);
    for (const lng of LOCALES) {
      const app = Object.keys(json(`${lng}.json`));
      expect(
        serverGroups.filter((g) => app.includes(g)),
        `${lng}.json`,
      ).toEqual([]);
      expect(Object.keys(json(`server/${lng}.json`)).sort(), `server/${lng}.json`).toEqual(
        [...serverGroups].sort(),
      );
    }
  });

  test('are used by no code of the web app', () => {
    const users = webSources().flatMap(([file, source]) =>
      [...groupsIn(source)].filter((g) => serverGroups.includes(g)).map((g) => `${g} in ${file}`),
    );
    expect(users).toEqual([]);
  });
});

describe('the shell part of the catalog', () => {
  test('names only groups the catalog has', () => {
    expect(SHELL_GROUPS.filter((g) => !appGroups.has(g))).toEqual([]);
  });

  test("has every group the shell's code uses", () => {
    const modules = shellModules();
    // Sanity: the walk reaches the layouts, the top bar and the lazily loaded parts of the shell.
    for (const part of ['layouts/DefaultLayout.tsx', 'components/TopBar.tsx', 'components/TabBar.tsx'])
      expect(
        [...modules.keys()].some((f) => f.endsWith(part)),
        part,
      ).toBe(true);
    expect([...modules.keys()].some((f) => f.includes(`${path.sep}screens${path.sep}members`))).toBe(false);
    const missing: string[] = [];
    for (const [file, source] of modules) {
      // The screen table's titles are drawn once the screens' part is there (TitleSync).
      const code = file.endsWith('screen-table.ts') ? source.replace(/\btitle: '[^']*'/g, '') : source;
      for (const group of groupsIn(code))
        if (!SHELL_GROUPS.includes(group)) missing.push(`${group} (${path.relative(root, file)})`);
    }
    expect(missing).toEqual([]);
  });

  test.each([...LOCALES])('%s: the two parts split the catalog, the shell taking its groups', (lng) => {
    const catalog = json(`${lng}.json`);
    const [shell, screens] = CATALOG_PARTS.map((part) => catalogPart(catalog, part)) as [
      Record<string, unknown>,
      Record<string, unknown>,
    ];
    expect(Object.keys(shell).sort()).toEqual([...SHELL_GROUPS].sort());
    expect(Object.keys(shell).filter((g) => g in screens)).toEqual([]);
    expect({ ...shell, ...screens }).toEqual(catalog);
  });
});
