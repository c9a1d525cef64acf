import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { members } from '../db/schema';
import { isPresent } from '../services/notifications/channel';
import { createMember, loginCookie, type TestApp, testApp } from '../test/app';

const START = new Date('2026-05-01T12:00:00Z');
let now = START;
let t: TestApp;
beforeAll(async () => {
  t = await testApp({ now: () => now });
});
afterAll(() => t?.close());

const XHR = { host: 'main.test', 'x-requested-with': 'XMLHttpRequest' };
const beacon = (payload: unknown, cookie?: string, extra: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/page-hidden.php',
    headers: { ...XHR, ...(cookie ? { cookie } : {}), ...extra },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const row = async (id: number) => (await t.db.select().from(members).where(eq(members.id, id)))[0];

async function member() {
  const m = await createMember(t.db, { lastActiveAt: new Date(START.getTime() - 30_000) });
  return { ...m, cookie: await loginCookie(t.db, m.id, now) };
}

describe('POST /api/page-hidden.php', () => {
  test('a member’s beacon records when the page was hidden: no longer present, until the next request', async () => {
    now = START;
    const m = await member();
    expect(isPresent((await row(m.id)) as NonNullable<Awaited<ReturnType<typeof row>>>, now)).toBe(true);

    const res = await beacon({}, m.cookie);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    const hidden = await row(m.id);
    expect(hidden?.pageHiddenAt).toEqual(START);
    expect(isPresent(hidden as NonNullable<typeof hidden>, now)).toBe(false);

    // Back on the page ten seconds later: its next request makes the member present at once.
    now = new Date(START.getTime() + 10_000);
    await t.app.inject({ url: '/api/user.php', headers: { ...XHR, cookie: m.cookie } });
    const back = await row(m.id);
    expect(back?.lastActiveAt).toEqual(now);
    expect(isPresent(back as NonNullable<typeof back>, now)).toBe(true);
  });

  test('a visitor’s beacon is 204 and changes nothing', async () => {
    const res = await beacon({});
    expect(res.statusCode).toBe(204);
    const withStaleCookie = await beacon({}, 'auth=not-a-session');
    expect(withStaleCookie.statusCode).toBe(204);
  });

  test('anything but an empty JSON object is 400, and records nothing', async () => {
    now = START;
    const m = await member();
    for (const payload of [{ hidden: true }, [], 'x', null, undefined]) {
      const res = await beacon(payload, m.cookie);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error).toBe('invalid_input');
    }
    for (const [type, body] of [
      ['text/plain', 'hidden'],
      ['text/plain', '{"a":1}'],
      ['application/x-www-form-urlencoded', 'a=1'],
      ['application/json', '{'],
    ]) {
      const res = await beacon(body, m.cookie, { 'content-type': type as string });
      expect(res.statusCode, `${type} ${body}`).toBe(400);
      expect(res.json().error).toBe('invalid_input');
    }
    expect((await row(m.id))?.pageHiddenAt).toBeNull();
  });

  test('navigator.sendBeacon works: no client header, the JSON as text/plain', async () => {
    now = START;
    const m = await member();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/page-hidden.php',
      headers: { host: 'main.test', cookie: m.cookie, 'content-type': 'text/plain;charset=UTF-8' },
      payload: '{}',
    });
    expect(res.statusCode).toBe(204);
    expect((await row(m.id))?.pageHiddenAt).toEqual(START);
  });
});
