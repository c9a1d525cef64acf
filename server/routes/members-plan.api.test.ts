import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { SEARCH_PAGE_SIZE } from '../../common/api/search';
import type { Db } from '../db/client';
import { countQuery, pageQuery, type Scope } from '../services/discovery/search';
import { createMember, siteId, type TestApp, testApp } from '../test/app';

/**
 * The search must walk its index in result order, whatever the filters and however deep the page:
 * these plans are read from the query the route runs, on a table large enough (and analysed) for
 * the planner's choice to mean something. Each test also drops the index inside a rolled-back
 * transaction and sees the plan fall back to a sequential scan, so it cannot pass without it.
 */

const NOW = new Date('2026-06-01T12:00:00Z');
let t: TestApp;
let main = 0;
let viewer = 0;

beforeAll(async () => {
  t = await testApp({
    now: () => NOW,
    seed: async (db) => {
      main = await siteId(db, 'main.test');
      viewer = (await createMember(db, { country: 'NL' })).id;
      // 20 000 members over three sites and countries, with and without photos and regions.
      await db.execute(sql`
        INSERT INTO members (site_id, email, status, language, last_active_at, invisible)
        SELECT s.id, 'plan' || g || '@example.test', 'active', 'nl',
               ${NOW.toISOString()}::timestamptz - (g % 5000) * interval '1 minute', g % 50 = 0
        FROM generate_series(1, 20000) g
        JOIN sites s ON s.domain = (ARRAY['main.test', 'first.test', 'closed.test'])[1 + g % 3]`);
      await db.execute(sql`
        INSERT INTO profiles (member_id, site_id, name, gender, sexuality, birth_date, country, region_code, status)
        SELECT id, site_id, 'plan', (ARRAY['male', 'female'])[1 + id % 2]::gender, 'hetero',
               date '1950-01-01' + (id % 18000)::int, (ARRAY['NL', 'BE', 'GB', 'DE'])[1 + id % 4],
               (ARRAY['NL-UT', 'NL-NH', NULL])[1 + id % 3], 'active'
        FROM members WHERE email LIKE 'plan%'`);
      await db.execute(sql`ANALYZE`);
    },
  });
});
afterAll(() => t?.close());

async function plan(db: Db, query: { getSQL(): unknown }): Promise<string> {
  const res = await db.execute(sql`EXPLAIN ${query}`);
  return (res.rows as Record<string, string>[]).map((r) => Object.values(r)[0]).join('\n');
}

const SEARCH_INDEXES = ['profiles_search', 'profiles_search_region', 'profiles_search_site'];

/** The plan, and the plan once the search indexes are gone (in a transaction that is rolled back). */
async function plans(build: (db: Db) => { getSQL(): unknown }) {
  const withIndex = await plan(t.db, build(t.db));
  let without = '';
  await t.db
    .transaction(async (tx) => {
      for (const index of SEARCH_INDEXES) await tx.execute(sql.raw(`DROP INDEX ${index}`));
      without = await plan(tx as unknown as Db, build(tx as unknown as Db));
      throw new Error('rollback');
    })
    .catch((err: Error) => {
      if (err.message !== 'rollback') throw err;
    });
  return { withIndex, without };
}

const scope = (filters: Scope['filters'], similar = false): Scope => ({
  siteId: main,
  viewerId: viewer,
  filters,
  similar,
  now: NOW,
});
const deep = { hasPhoto: false, activeAt: new Date(NOW.getTime() - 3_000 * 60_000), id: 12_345 };

describe('the search query plan', () => {
  const cases: [string, string, Scope['filters'], boolean][] = [
    [
      'country, gender and age',
      'profiles_search',
      { country: 'NL', gender: 'female', min_age: 25, max_age: 45 },
      false,
    ],
    ['country only', 'profiles_search', { country: 'GB' }, false],
    [
      // Where a region holds many members, walking the country's index and checking the region in it
      // may be cheaper; the planner picks by the region's share.
      'country and region',
      'profiles_search_region|profiles_search',
      { country: 'NL', countryregion: 'NL-UT', min_age: 30 },
      false,
    ],
    ['no filter at all', 'profiles_search_site', {}, false],
    [
      'similar results',
      'profiles_search',
      { country: 'NL', countryregion: 'NL-UT', gender: 'male', max_age: 40 },
      true,
    ],
  ];
  test.each(cases)(
    '%s: walks its index (%s) in order, first page and deep page alike',
    async (_n, index, filters, similar) => {
      for (const after of [undefined, deep]) {
        const p = await plans((db) =>
          pageQuery(db, { ...scope(filters, similar), after, pageSize: SEARCH_PAGE_SIZE }),
        );
        expect(p.withIndex).toMatch(new RegExp(`Index Scan Backward using (${index}) on profiles`));
        expect(p.withIndex).not.toMatch(/Seq Scan on profiles/);
        // No sort: the index gives the order, so a page reads only as many rows as it returns.
        expect(p.withIndex).not.toMatch(/Sort/);
        expect(p.without).not.toMatch(/profiles_search/);
        expect(p.without).toMatch(/Seq Scan on profiles|Sort/);
      }
    },
  );

  test('the capped count reads the index too', async () => {
    const p = await plans((db) => countQuery(db, scope({ country: 'NL', gender: 'female' })));
    expect(p.withIndex).toMatch(/on profiles_search\b|using profiles_search on profiles/);
    expect(p.without).not.toMatch(/profiles_search/);
    expect(p.withIndex).not.toMatch(/Seq Scan on profiles/);
  });
});
