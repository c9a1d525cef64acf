import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { members, pageVisits } from '../db/schema';
import { createMember, type TestApp, testApp } from '../test/app';

/**
 * The server's side of a member landing: a visitor from an ad network opens
 * /members/{id}/landing?network=…, signs up there, and the account keeps the traffic source and the
 * landing it came through; then the new member may open that member, whose chat they are sent to.
 * (The browser journey, e2e/member-landing.spec.ts, cannot read the account's row.)
 */

const NOW = new Date('2026-05-01T12:00:00Z');
const ADDRESS = '198.51.100.44';
let t: TestApp;
beforeAll(async () => {
  t = await testApp({ now: () => NOW });
});
afterAll(() => t?.close());

const headers = (cookie?: string) => ({
  host: 'main.test',
  'x-requested-with': 'XMLHttpRequest',
  'cf-ipcountry': 'NL',
  ...(cookie ? { cookie } : {}),
});

describe('a signup that began on a member landing', () => {
  test('keeps the tracking values and the member landing with the account; the new member may open that member', async () => {
    const juna = await createMember(t.db, { name: 'Juna', photo: {} });
    const landing = `/members/${juna.id}/landing`;
    const tracking = { network: 'mlnet', ref: 'r1', sub1: 's1' };

    // The visit: the landing is counted for its network, as a member landing.
    const visit = await t.app.inject({
      method: 'POST',
      url: '/api/visit.php',
      remoteAddress: ADDRESS,
      headers: headers(),
      payload: { path: landing, tracking: { ...tracking, landing } },
    });
    expect(visit.statusCode).toBe(204);
    const visits = await t.db.select().from(pageVisits).where(eq(pageVisits.path, landing));
    expect(visits).toEqual([
      expect.objectContaining({ lander: 'member-landing', network: 'mlnet', ref: 'r1' }),
    ]);

    // The visitor sees the member the landing is about where the site's rule lets visitors look.
    const seen = await t.app.inject({
      method: 'GET',
      url: `/api/member.php?id=${juna.id}`,
      headers: headers(),
    });
    expect(seen.statusCode).toBe(200);
    expect(seen.json().profile.name).toBe('Juna');

    // The signup as the landing's form sends it.
    const email = `landing-${Date.now().toString(36)}@example.test`;
    const signup = await t.app.inject({
      method: 'POST',
      url: '/api/signup.php',
      remoteAddress: ADDRESS,
      headers: headers(),
      payload: {
        email,
        name: 'Bas',
        password: 'Kaasmarkt-in-Alkmaar-12',
        date_of_birth: '1988-09-21',
        gender: 'male',
        seeking_gender: 'female',
        tracking: { ...tracking, landing },
      },
    });
    expect(signup.statusCode, signup.body).toBe(201);
    const [account] = await t.db.select().from(members).where(eq(members.email, email));
    expect(account?.tracking).toEqual({ ...tracking, landing, lander: 'member-landing' });

    // Straight on to that member: the new, not yet confirmed member may open them.
    const auth = signup.cookies.find((c) => c.name === 'auth');
    expect(auth).toBeDefined();
    const profile = await t.app.inject({
      method: 'GET',
      url: `/api/member.php?id=${juna.id}`,
      headers: headers(`auth=${auth?.value}`),
    });
    expect(profile.statusCode).toBe(200);
    expect(profile.json().profile).toMatchObject({ id: juna.id, name: 'Juna', own: false });
  });

  test('an unknown member is a 404 for a visitor, so the landing shows the 404 page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/member.php?id=999999', headers: headers() });
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe('not_found');
  });
});
