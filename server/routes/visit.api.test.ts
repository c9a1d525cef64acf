import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { pageVisits, rateCounters } from '../db/schema';
import { VISITS_PER_ADDRESS_PER_HOUR, VISITS_PER_VISITOR_PER_HOUR } from '../services/sites/page-visits';
import { createMember, loginCookie, type TestApp, testApp } from '../test/app';

const NOW = new Date('2026-05-01T12:00:00Z');
let t: TestApp;
beforeAll(async () => {
  t = await testApp({ now: () => NOW });
});
afterAll(() => t?.close());

const visit = (body: unknown, opts: { cookie?: string; ip?: string } = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/visit.php',
    remoteAddress: opts.ip ?? '203.0.113.7',
    headers: {
      host: 'main.test',
      'x-requested-with': 'XMLHttpRequest',
      ...(opts.cookie ? { cookie: opts.cookie } : {}),
    },
    payload: body as object,
  });

const rowsFor = (path: string) => t.db.select().from(pageVisits).where(eq(pageVisits.path, path));

describe('POST /api/visit.php', () => {
  test('a visitor’s landing is kept with its lander and traffic source', async () => {
    const res = await visit({
      path: '/landers/gallery/milf-x',
      tracking: { network: 'adnet', ref: 'r1', sub1: 'banner', sub2: '', landing: '/landers/gallery/milf-x' },
    });
    expect(res.statusCode).toBe(204);
    expect(await rowsFor('/landers/gallery/milf-x')).toEqual([
      expect.objectContaining({
        lander: 'landers/gallery',
        network: 'adnet',
        ref: 'r1',
        sub1: 'banner',
        sub2: null,
        sub3: null,
        createdAt: NOW,
      }),
    ]);
    expect((await visit({ path: '/' }, { ip: '203.0.113.8' })).statusCode).toBe(204);
    expect((await rowsFor('/')).map((r) => [r.lander, r.network])).toEqual([['home', null]]);
  });

  test('a member’s pages are not visits', async () => {
    const m = await createMember(t.db);
    const res = await visit({ path: '/members/1/landing' }, { cookie: await loginCookie(t.db, m.id, NOW) });
    expect(res.statusCode).toBe(204);
    expect(await rowsFor('/members/1/landing')).toEqual([]);
  });

  test('bad input is 400 and stores nothing', async () => {
    for (const body of [
      {},
      { path: 'no-slash' },
      { path: `/${'x'.repeat(400)}` },
      { path: '/', extra: 1 },
      { path: '/', visitor: 'short' },
      { path: '/', visitor: 'has spaces in it, not an id' },
    ]) {
      const res = await visit(body, { ip: '198.51.100.1' });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error).toBe('invalid_input');
    }
  });

  test('an office or a carrier behind one address is not refused at its 61st visit of the hour', async () => {
    for (let i = 0; i < 150; i++) {
      const res = await visit(
        { path: '/shared', visitor: `visitor-of-office-${String(i).padStart(4, '0')}` },
        { ip: '198.51.100.3' },
      );
      expect(res.statusCode).toBe(204);
    }
    expect(await rowsFor('/shared')).toHaveLength(150);
  });

  test('one browser counts a few visits an hour; more are answered alike but not counted', async () => {
    for (let i = 0; i < VISITS_PER_VISITOR_PER_HOUR + 5; i++)
      expect(
        (await visit({ path: '/one-browser', visitor: 'the-same-browser-id-1' }, { ip: `192.0.2.${i + 1}` }))
          .statusCode,
      ).toBe(204);
    expect(await rowsFor('/one-browser')).toHaveLength(VISITS_PER_VISITOR_PER_HOUR);
  });

  test('a flood from one address is held to the address’s ceiling, whatever ids it makes up', async () => {
    const ip = '198.51.100.2';
    // The hour's visits so far, as the counter keeps them: all but the last of the ceiling.
    await t.db.insert(rateCounters).values({
      key: `visit:${ip}`,
      count: VISITS_PER_ADDRESS_PER_HOUR - 1,
      windowEndsAt: new Date(NOW.getTime() + 1_800_000),
    });
    for (let i = 0; i < 5; i++) {
      const res = await visit(
        { path: '/flood', visitor: `made-up-visitor-${String(i).padStart(6, '0')}` },
        { ip },
      );
      expect(res.statusCode).toBe(204);
    }
    expect(await rowsFor('/flood')).toHaveLength(1);
  });
});
