import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { pageVisits } from '../db/schema';
import { VISITS_PER_HOUR } from '../services/sites/page-visits';
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

  test('bad input is 400 and stores nothing; a flood from one address is 429', async () => {
    for (const body of [{}, { path: 'no-slash' }, { path: `/${'x'.repeat(400)}` }, { path: '/', extra: 1 }]) {
      const res = await visit(body, { ip: '198.51.100.1' });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error).toBe('invalid_input');
    }
    for (let i = 0; i < VISITS_PER_HOUR; i++)
      expect((await visit({ path: '/flood' }, { ip: '198.51.100.2' })).statusCode).toBe(204);
    const refused = await visit({ path: '/flood' }, { ip: '198.51.100.2' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ error: 'too_many_requests', retry_after: expect.any(Number) });
    expect(await rowsFor('/flood')).toHaveLength(VISITS_PER_HOUR);
  });
});
