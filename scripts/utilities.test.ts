import fs from 'node:fs';
import path from 'node:path';
import * as sass from 'sass';
import { describe, expect, it } from 'vitest';

// The app generates only the Bootstrap utility classes its markup names (web/styles/_utilities-used.scss).
const root = path.resolve(import.meta.dirname, '..');

/** The class names a stylesheet of the app's theme, Bootstrap's utility maps and the API defines. */
function utilityClasses(extra: string): Set<string> {
  const { css } = sass.compileString(
    [
      "@import 'theme';",
      ...['functions', 'variables', 'variables-dark', 'maps', 'mixins', 'utilities'].map(
        (part) => `@import 'bootstrap/scss/${part}';`,
      ),
      extra,
      "@import 'bootstrap/scss/utilities/api';",
    ].join('\n'),
    {
      loadPaths: [path.join(root, 'web/styles'), path.join(root, 'node_modules')],
      quietDeps: true,
      silenceDeprecations: ['import', 'global-builtin', 'color-functions', 'if-function'],
      logger: sass.Logger.silent,
    },
  );
  return new Set([...css.matchAll(/\.([a-zA-Z][\w-]*)/g)].map((m) => m[1] as string));
}

describe('the Bootstrap utility classes', () => {
  it('kept are all the ones the markup names', { timeout: 30_000 }, () => {
    const all = utilityClasses('');
    const kept = utilityClasses("@import 'utilities-used';");
    expect(kept.size).toBeLessThan(all.size / 10);
    const sources = ['web', 'common']
      .flatMap((dir) =>
        (fs.readdirSync(path.join(root, dir), { recursive: true }) as string[])
          .filter((file) => /\.tsx?$/.test(file) && !file.includes('.test.'))
          .map((file) => fs.readFileSync(path.join(root, dir, file), 'utf8')),
      )
      .join('\n');
    const named = new Set(sources.match(/[a-zA-Z][\w-]*/g));
    const missing = [...all].filter((c) => named.has(c) && !kept.has(c));
    expect(missing, 'add them to web/styles/_utilities-used.scss').toEqual([]);
  });
});
