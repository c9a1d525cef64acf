import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type TestApp, testApp } from '../test/app';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t?.close());

type Region = { country: string; code: string; name: string };

// The locale table: the countries the product serves.
const SERVED = [
  'US',
  'NL',
  'BE',
  'FR',
  'IT',
  'ES',
  'DE',
  'AT',
  'IE',
  'GB',
  'CA',
  'PL',
  'AU',
  'NZ',
  'CH',
  'DK',
  'FI',
  'NO',
  'SE',
];

async function regions(query = '') {
  const res = await t.app.inject({ url: `/api/regions.php${query}`, headers: { host: 'main.test' } });
  return { res, body: res.json() };
}

describe('GET /api/regions.php', () => {
  test('gives the regions of every one of the 19 served countries, whatever the site serves', async () => {
    const { res, body } = await regions();
    expect(res.statusCode).toBe(200);
    const list = body.regions as Region[];
    expect(new Set(list.map((r) => r.country))).toEqual(new Set(SERVED));
    for (const r of list) {
      expect(r.name.trim(), r.code).not.toBe('');
      expect(r.code.trim()).not.toBe('');
    }
    expect(new Set(list.map((r) => `${r.country}/${r.code}`)).size).toBe(list.length);
  });

  test('filters by ?country=', async () => {
    const { res, body } = await regions('?country=NL');
    expect(res.statusCode).toBe(200);
    const names = (body.regions as Region[]).map((r) => r.name);
    expect(names).toEqual(expect.arrayContaining(['Noord-Holland', 'Utrecht', 'Limburg']));
    expect(names).toHaveLength(12);
    expect((body.regions as Region[]).every((r) => r.country === 'NL')).toBe(true);
  });

  test('a well-formed country that is not served has no regions', async () => {
    const { res, body } = await regions('?country=ZZ');
    expect(res.statusCode).toBe(200);
    expect(body.regions).toEqual([]);
  });

  test.each(['nl1', 'nl', 'NLD', ''])('a malformed country (%j) gets 400', async (country) => {
    const { res, body } = await regions(`?country=${country}`);
    expect(res.statusCode).toBe(400);
    expect(body).toMatchObject({ error: 'invalid_input', fields: { country: expect.any(String) } });
  });
});
