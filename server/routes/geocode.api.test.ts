import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type TestApp, testApp } from '../test/app';
import { GEOCODE_PER_HOUR } from './geocode';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t?.close());

let nextIp = 1;
/** Each call from its own address unless one is given, so the rate limit only counts where meant. */
async function geocode(host: string, query: string, ip = `10.0.0.${nextIp++}`) {
  const res = await t.app.inject({ url: `/api/geocode.php?${query}`, headers: { host }, remoteAddress: ip });
  return {
    status: res.statusCode,
    body: res.json() as { country: string | null; countryregion: string | null },
  };
}

describe('GET /api/geocode.php', () => {
  // main.test serves NL, BE and GB; first.test DE and AT. US is served by no test site.
  test.each([
    ['Utrecht', 'main.test', 52.09, 5.12, 'NL', 'NL-UT'],
    ['Amsterdam', 'main.test', 52.37, 4.9, 'NL', 'NL-NH'],
    ['Antwerp (a Flemish province)', 'main.test', 51.22, 4.4, 'BE', 'BE-VLG'],
    ['Manchester', 'main.test', 53.48, -2.24, 'GB', 'GB-MAN'],
    ['Munich', 'first.test', 48.14, 11.58, 'DE', 'DE-BY'],
    ['Berlin', 'first.test', 52.52, 13.405, 'DE', 'DE-BE'],
    ['Vienna', 'first.test', 48.2, 16.37, 'AT', 'AT-9'],
  ])('%s', async (_name, host, lat, lon, country, region) => {
    const { status, body } = await geocode(host, `lat=${lat}&lon=${lon}`);
    expect(status).toBe(200);
    expect(body).toEqual({ country, countryregion: region });
    // The answer names a region of our list, as the search filter needs it.
    const rows = await t.db.execute(
      sql`SELECT 1 FROM regions WHERE country = ${country} AND code = ${region}`,
    );
    expect(rows.rows.length).toBe(1);
  });

  test('a US point maps to our US region code', async () => {
    const { geocode: lookUp } = await import('../services/profiles/geocode');
    expect(await lookUp(t.db, ['US'], 40.71, -74.0)).toEqual({ country: 'US', countryregion: 'US-NY' });
    expect(await lookUp(t.db, ['US'], 34.05, -118.24)).toEqual({ country: 'US', countryregion: 'US-CA' });
  });

  test("a point outside the site's countries, or at sea, has no country", async () => {
    expect((await geocode('main.test', 'lat=52.52&lon=13.405')).body).toEqual({
      country: null,
      countryregion: null,
    });
    expect((await geocode('main.test', 'lat=30&lon=-40')).body).toEqual({
      country: null,
      countryregion: null,
    });
  });

  test.each(['lat=91&lon=5', 'lat=52&lon=181', 'lat=abc&lon=5', 'lon=5', 'lat=52', ''])(
    'bad input %s → 400',
    async (q) => {
      const res = await geocode('main.test', q);
      expect(res.status).toBe(400);
    },
  );

  test('stores nothing about the point', async () => {
    const before = await t.db.execute(
      sql`SELECT count(*)::int AS n FROM rate_counters WHERE key NOT LIKE 'geocode:%'`,
    );
    await geocode('main.test', 'lat=52.09&lon=5.12');
    const after = await t.db.execute(
      sql`SELECT count(*)::int AS n FROM rate_counters WHERE key NOT LIKE 'geocode:%'`,
    );
    expect(after.rows).toEqual(before.rows);
    const keys = await t.db.execute(sql`SELECT key FROM rate_counters`);
    expect(JSON.stringify(keys.rows)).not.toMatch(/52\.09|5\.12/);
  });

  test('is rate-limited per address', async () => {
    for (let i = 0; i < GEOCODE_PER_HOUR; i++)
      expect((await geocode('main.test', 'lat=52.09&lon=5.12', '10.9.9.9')).status).toBe(200);
    expect((await geocode('main.test', 'lat=52.09&lon=5.12', '10.9.9.9')).status).toBe(429);
    expect((await geocode('main.test', 'lat=52.09&lon=5.12', '10.9.9.10')).status).toBe(200);
  });
});
