import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createMember, type TestApp, testApp } from '../test/app';

let t: TestApp;
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await testApp({
    seed: async (db) => {
      const add = async (label: string, input: Parameters<typeof createMember>[1]) => {
        ids[label] = (await createMember(db, input)).id;
      };
      await add('shown', { photo: {} });
      await add('premiumPhoto', { photo: { premium: true } });
      await add('pendingPhoto', { photo: { status: 'pending' } });
      await add('rejectedPhoto', { photo: { status: 'rejected' } });
      await add('noPhoto', {});
      await add('invisible', { photo: {}, invisible: true });
      await add('disabled', { photo: {}, profileStatus: 'disabled' });
      await add('belgian', { photo: {}, country: 'BE' });
      await add('otherSite', { photo: {}, domain: 'first.test', country: 'NL' });
      await add('closedAT', { photo: {}, domain: 'closed.test', country: 'AT' });
      // Visitors from GB: a woman of 36, a man, a woman of 66, most recently active first.
      const at = (minutes: number) => new Date(Date.now() - minutes * 60_000);
      const gb = { photo: {}, country: 'GB' } as const;
      await add('gbWoman', { ...gb, birthDate: '1990-06-15', lastActiveAt: at(1) });
      await add('gbMan', { ...gb, gender: 'male', lastActiveAt: at(2) });
      await add('gbOlder', { ...gb, birthDate: '1960-03-01', lastActiveAt: at(3) });
    },
  });
});
afterAll(() => t?.close());

const showcase = async (host: string, query = '', headers: Record<string, string> = {}) => {
  const res = await t.app.inject({ url: `/api/showcase.php${query}`, headers: { host, ...headers } });
  expect(res.statusCode).toBe(200);
  const body = res.json() as { allowed: boolean; profiles: { id: number; main_image: unknown }[] };
  return { allowed: body.allowed, ids: body.profiles.map((p) => p.id), profiles: body.profiles };
};

describe('GET /api/showcase.php', () => {
  test("shows only members with a public, approved main photo, from the visitor's country and this site", async () => {
    const s = await showcase('main.test');
    expect(s.allowed).toBe(true);
    expect(s.ids).toEqual([ids.shown]);
    for (const p of s.profiles) {
      expect(JSON.stringify(p.main_image)).not.toMatch(/\/media\/p\//);
    }
  });

  test("follows the visitor's country", async () => {
    expect((await showcase('main.test', '', { cookie: 'country=BE' })).ids).toEqual([ids.belgian]);
    expect((await showcase('main.test', '', { 'cf-ipcountry': 'BE' })).ids).toEqual([ids.belgian]);
  });

  test('respects logged_out_search: none shows nobody to a visitor', async () => {
    expect(await showcase('closed.test')).toMatchObject({ allowed: false, ids: [] });
  });

  test('with a tracking network, logged_out_search_trafficsource decides instead', async () => {
    expect(await showcase('main.test', '?network=partner1')).toMatchObject({ allowed: false, ids: [] });
    expect(await showcase('closed.test', '?network=partner1')).toMatchObject({
      allowed: true,
      ids: [ids.closedAT],
    });
  });

  test("a lander's niche puts its audience first and fills the page with anyone else", async () => {
    const gb = { cookie: 'country=GB' };
    expect((await showcase('main.test', '', gb)).ids).toEqual([ids.gbWoman, ids.gbMan, ids.gbOlder]);
    expect((await showcase('main.test', '?niche=7', gb)).ids).toEqual([ids.gbMan, ids.gbWoman, ids.gbOlder]);
    expect((await showcase('main.test', '?niche=5', gb)).ids).toEqual([ids.gbOlder, ids.gbWoman, ids.gbMan]);
    expect((await showcase('main.test', '?niche=6&count=1', gb)).ids).toEqual([ids.gbWoman]);
    expect((await showcase('main.test', '?niche=5&count=2', gb)).ids).toEqual([ids.gbOlder, ids.gbWoman]);
  });

  test.each(['?niche=8', '?niche=0', '?count=25', '?count=0', '?niche=x'])('%s gets 400', async (query) => {
    const res = await t.app.inject({ url: `/api/showcase.php${query}`, headers: { host: 'main.test' } });
    expect(res.statusCode).toBe(400);
  });

  test('an overlong network gets 400', async () => {
    const res = await t.app.inject({
      url: `/api/showcase.php?network=${'n'.repeat(101)}`,
      headers: { host: 'main.test' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('invalid_input');
  });
});
