import path from 'node:path';
import { expect, test } from 'vitest';
import { SERVED_COUNTRIES } from '../../common/rules/locale';
import { readSitesFile } from '../services/site-config';
import { root, testSitesFile } from './db';

// The sites file shipped in config/ is what `npm start` serves; the test one is what the API tests assume.
test.each([
  ['config/sites.json', path.join(root, 'config/sites.json')],
  ['server/test/sites.json', testSitesFile],
])('%s is a valid sites file: unique domains, served countries, at most one default', (_, file) => {
  const { sites } = readSitesFile(file);
  const names = sites.flatMap((s) => [s.domain, ...s.aliases].map((d) => d.toLowerCase()));
  expect(new Set(names).size).toBe(names.length);
  expect(sites.filter((s) => s.default).length).toBeLessThanOrEqual(1);
  for (const s of sites) {
    expect(s.countries.length, s.domain).toBeGreaterThan(0);
    for (const c of s.countries) expect(SERVED_COUNTRIES, `${s.domain} ${c}`).toContain(c);
  }
});

test('a sites file with an error is refused with a message naming the file', () => {
  expect(() => readSitesFile(path.join(root, 'server/test/no-such-sites.json'))).toThrow(
    /no-such-sites\.json/,
  );
  expect(() => readSitesFile(path.join(root, 'package.json'))).toThrow(/package\.json is invalid/);
});
