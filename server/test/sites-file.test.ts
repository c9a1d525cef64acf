import path from 'node:path';
import { expect, test } from 'vitest';
import { SERVED_COUNTRIES } from '../../common/rules/locale';
import { readSitesFile, SETTING_DEFAULTS, siteConfigSchema } from '../services/sites/site-config';
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

test('a time zone must be an IANA name the runtime knows; left out, it is Amsterdam', () => {
  const { sites } = readSitesFile(testSitesFile);
  const site = sites.find((s) => s.domain === 'main.test');
  const config = { ...site, domain: 'tz.test', default: false };
  expect(siteConfigSchema.safeParse({ ...config, time_zone: 'Europe/London' }).success).toBe(true);
  for (const bad of ['Mars/Olympus', 'Europe/Amsterdam; drop', '', 'x'.repeat(65)])
    expect(siteConfigSchema.safeParse({ ...config, time_zone: bad }).success, bad).toBe(false);
  expect(SETTING_DEFAULTS.time_zone).toBe('Europe/Amsterdam');
});
