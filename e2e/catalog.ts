import fs from 'node:fs';
import path from 'node:path';
import { LOCALES, type Locale } from '../common/constants';

export { LOCALES, type Locale };

type Tree = { [key: string]: string | Tree };
const cache = new Map<string, Tree>();

function read(file: string): Tree {
  let tree = cache.get(file);
  if (!tree) {
    tree = JSON.parse(fs.readFileSync(path.resolve('common/locales', file), 'utf8')) as Tree;
    cache.set(file, tree);
  }
  return tree;
}

/** The app's catalog includes the texts only the server sends (common/locales/server), as on the server. */
function catalog(lng: Locale, ns: 'translation' | 'pages'): Tree {
  if (ns !== 'translation') return read(`${ns}/${lng}.json`);
  return { ...read(`${lng}.json`), ...read(`server/${lng}.json`) };
}

/**
 * The catalog text the screen should show, with i18next's {{name}} placeholders filled, so a test
 * asserts the text a visitor reads in that language without copying it. `ns:key` picks a namespace.
 */
export function t(lng: Locale, key: string, vars: Record<string, string | number> = {}): string {
  const [ns, path] = key.includes(':')
    ? (key.split(':') as ['pages', string])
    : (['translation', key] as const);
  let node: string | Tree | undefined = catalog(lng, ns);
  for (const part of path.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  if (typeof node !== 'string') throw new Error(`no text ${key} in the ${lng} catalog`);
  return node.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(vars[name] ?? `{{${name}}}`));
}
