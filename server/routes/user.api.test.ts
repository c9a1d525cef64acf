import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { members } from '../db/schema';
import { createMember, loginCookie, type TestApp, testApp } from '../test/app';

const NOW = new Date('2026-05-01T12:00:00Z');
const DAY = 86_400_000;

let t: TestApp;
beforeAll(async () => {
  t = await testApp({ now: () => NOW });
});
afterAll(() => t?.close());

const user = async (cookie?: string, host = 'main.test') => {
  const res = await t.app.inject({
    url: '/api/user.php',
    headers: { host, 'x-requested-with': 'XMLHttpRequest', ...(cookie ? { cookie } : {}) },
  });
  expect(res.statusCode).toBe(200);
  expect(res.headers['cache-control']).toBe('no-store');
  return res.json().user;
};

describe('GET /api/user.php', () => {
  test('is null for a visitor without a cookie', async () => {
    expect(await user()).toBeNull();
  });

  test('gives the member of a valid session cookie, with every field of the logged-in user', async () => {
    const m = await createMember(t.db, { name: 'Sanne', birthDate: '1996-05-02', photo: {} });
    const u = await user(await loginCookie(t.db, m.id, NOW));
    expect(u).toMatchObject({
      status: 'active',
      credits: 3,
      paid_user: false,
      language: 'nl',
      notifications_disabled: [],
      profile: { id: m.id, name: 'Sanne', age: 29, gender: 'female', country: 'NL', status: 'active' },
    });
    expect(Number.isNaN(Date.parse(u.signup_date))).toBe(false);
    expect(u.profile.main_image).toMatchObject({
      thumb_filename: expect.stringMatching(/^\/media\//),
      filename: expect.stringMatching(/^\/media\//),
      status: 'approved',
    });
    expect(u).not.toHaveProperty('email');
    expect(u).not.toHaveProperty('password_hash');
  });

  test('is null for an expired session', async () => {
    const m = await createMember(t.db);
    // Sessions last 30 days: one started 31 days ago has run out.
    expect(await user(await loginCookie(t.db, m.id, new Date(NOW.getTime() - 31 * DAY)))).toBeNull();
    expect(await user(await loginCookie(t.db, m.id, new Date(NOW.getTime() - 29 * DAY)))).not.toBeNull();
  });

  test("is null for a session of another site's member", async () => {
    const m = await createMember(t.db, { domain: 'first.test', country: 'DE' });
    const cookie = await loginCookie(t.db, m.id, NOW);
    expect(await user(cookie, 'main.test')).toBeNull();
    expect((await user(cookie, 'first.test'))?.profile.id).toBe(m.id);
  });

  test('is null for a deleted member', async () => {
    const m = await createMember(t.db);
    const cookie = await loginCookie(t.db, m.id, NOW);
    await t.db.update(members).set({ deletedAt: NOW }).where(eq(members.id, m.id));
    expect(await user(cookie)).toBeNull();
  });

  test.each([
    ['an unknown token', 'auth=not-a-real-token'],
    ['an empty token', 'auth='],
    ['an overlong token', `auth=${'a'.repeat(5000)}`],
    ['a malformed cookie header', 'auth'],
  ])('is null for %s', async (_, cookie) => {
    expect(await user(cookie)).toBeNull();
  });
});
