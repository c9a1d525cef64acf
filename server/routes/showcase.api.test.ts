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

  test('an overlong network gets 400', async () => {
    const res = await t.app.inject({
      url: `/api/showcase.php?network=${'n'.repeat(101)}`,
      headers: { host: 'main.test' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('invalid_input');
  });
});
