import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  STAFF_LOGIN_ATTEMPTS,
  STAFF_LOGIN_WINDOW_MINUTES,
  STAFF_SESSION_IDLE_MINUTES,
  STAFF_SESSION_MAX_HOURS,
} from '../../../common/constants';
import { auditLog, staff } from '../../db/schema';
import { totpFor } from '../../services/admin/staff/accounts';
import { createMember, loginCookie, type TestApp, testApp } from '../../test/app';
import { createTestStaff, staffHeaders } from '../../test/staff';

let clock = new Date('2026-06-01T10:00:00Z');
let t: TestApp;
beforeAll(async () => {
  t = await testApp({ now: () => clock });
});
afterAll(() => t?.close());

const codeAt = (email: string, secret: string, at: Date) =>
  totpFor(email, secret).generate({ timestamp: at.getTime() });
let ip = 0;
const login = (body: Record<string, unknown>, address = `203.0.113.${++ip}`, cookie?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/admin/login.php',
    headers: { 'x-requested-with': 'XMLHttpRequest', ...(cookie ? { cookie } : {}) },
    remoteAddress: address,
    payload: body,
  });
const cookieOf = (res: { cookies: { name: string; value: string }[] }) =>
  `staff_session=${res.cookies.find((c) => c.name === 'staff_session')?.value}`;
const me = (cookie: string) =>
  t.app.inject({ method: 'GET', url: '/api/admin/me.php', headers: staffHeaders(cookie) });

describe('staff login', () => {
  test('password and a current code start a console session, separate from member sessions', async () => {
    const s = await createTestStaff(t.db, 'moderator');
    const res = await login({
      email: s.email,
      password: s.password,
      code: codeAt(s.email, s.totpSecret, clock),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().staff).toMatchObject({ email: s.email, role: 'moderator' });
    const cookie = res.cookies.find((c) => c.name === 'staff_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/admin' });
    expect((await me(cookieOf(res))).json().staff.id).toBe(s.id);

    // A member's session is no console session.
    const member = await createMember(t.db);
    const memberCookie = await loginCookie(t.db, member.id, clock);
    expect((await me(memberCookie)).json().staff).toBeNull();
  });

  test('a wrong password, a wrong code or a code used once already fail alike', async () => {
    const s = await createTestStaff(t.db, 'support');
    const code = codeAt(s.email, s.totpSecret, clock);
    for (const body of [
      { email: s.email, password: 'wrong-password-1', code },
      { email: s.email, password: s.password, code: code === '000000' ? '111111' : '000000' },
      { email: 'nobody@staff.test', password: s.password, code },
    ]) {
      const res = await login(body);
      expect(res.statusCode).toBe(401);
      expect(res.json().error).toBe('login_failed');
    }
    expect((await login({ email: s.email, password: s.password, code })).statusCode).toBe(200);
    // The same code again (a replay) is refused.
    expect((await login({ email: s.email, password: s.password, code })).statusCode).toBe(401);
  });

  test('bad input is 400 with the field named', async () => {
    const res = await login({ email: 'not-an-address', password: '', code: '12ab' });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fields).sort()).toEqual(['code', 'email', 'password']);
  });

  test(`after ${STAFF_LOGIN_ATTEMPTS} failures the account is blocked for a while`, async () => {
    const s = await createTestStaff(t.db, 'admin');
    for (let i = 0; i < STAFF_LOGIN_ATTEMPTS - 1; i++)
      expect((await login({ email: s.email, password: 'wrong-password-1', code: '123456' })).statusCode).toBe(
        401,
      );
    const last = await login({ email: s.email, password: 'wrong-password-1', code: '123456' });
    expect(last.statusCode).toBe(429);
    const right = await login({
      email: s.email,
      password: s.password,
      code: codeAt(s.email, s.totpSecret, clock),
    });
    expect(right.statusCode).toBe(429);
  });

  test('the right password and code from a device the staff member logged in on before still work while the account is locked', async () => {
    const s = await createTestStaff(t.db, 'admin');
    const other = await createTestStaff(t.db, 'support');
    const rightNow = (who: { email: string; password: string; totpSecret: string }) => {
      // A code is good once: each login below is in a later time step.
      clock = new Date(clock.getTime() + 31_000);
      return { email: who.email, password: who.password, code: codeAt(who.email, who.totpSecret, clock) };
    };
    const first = await login(rightNow(s));
    const device = first.cookies.find((c) => c.name === 'staff_device');
    expect(device).toMatchObject({
      path: '/api/admin/login.php',
      httpOnly: true,
      sameSite: 'Strict',
      maxAge: 365 * 86_400,
    });
    const pass = device?.value as string;
    const theirs = (await login(rightNow(other))).cookies.find((c) => c.name === 'staff_device')?.value;

    const attacker = '198.51.100.7';
    for (let i = 0; i < STAFF_LOGIN_ATTEMPTS; i++)
      await login({ email: s.email, password: 'wrong-password-1', code: '123456' }, attacker);

    const withoutPass = await login(rightNow(s));
    expect(withoutPass.statusCode).toBe(429);
    expect(withoutPass.json().error).toBe('login_blocked');
    const [, deviceId, mac] = pass.split('.') as [string, string, string];
    for (const forged of [theirs, `${other.id}.${deviceId}.${mac}`, `${s.id}.${deviceId}.${mac.slice(1)}A`]) {
      const res = await login(rightNow(s), undefined, `staff_device=${forged}`);
      expect(res.statusCode, forged).toBe(429);
      expect(res.json().error, forged).toBe('login_blocked');
    }
    // The device gets in even from the attacker's address, which its failures put over its limit.
    const withPass = await login(rightNow(s), attacker, `staff_device=${pass}`);
    expect(withPass.statusCode).toBe(200);
    expect(withPass.json().staff.id).toBe(s.id);
  });

  test(`after ${STAFF_LOGIN_ATTEMPTS} failures from one address, that network is told so with 429 login_network_limited`, async () => {
    const address = '198.51.100.20';
    for (let i = 1; i < STAFF_LOGIN_ATTEMPTS; i++)
      expect(
        (
          await login(
            { email: `someone-${i}@staff.test`, password: 'wrong-password-1', code: '123456' },
            address,
          )
        ).statusCode,
      ).toBe(401);
    const last = await login(
      { email: 'someone-last@staff.test', password: 'wrong-password-1', code: '123456' },
      address,
    );
    expect(last.statusCode).toBe(429);
    expect(last.headers['retry-after']).toBe(String(STAFF_LOGIN_WINDOW_MINUTES * 60));
    expect(last.json()).toMatchObject({
      error: 'login_network_limited',
      retry_after: STAFF_LOGIN_WINDOW_MINUTES * 60,
    });

    const s = await createTestStaff(t.db, 'moderator');
    const right = { email: s.email, password: s.password, code: codeAt(s.email, s.totpSecret, clock) };
    expect((await login(right, address)).json().error).toBe('login_network_limited');
  });

  test('sessions end when idle, at the latest hours after login, at logout and when the account is disabled', async () => {
    const s = await createTestStaff(t.db, 'admin');
    const res = await login({
      email: s.email,
      password: s.password,
      code: codeAt(s.email, s.totpSecret, clock),
    });
    const cookie = cookieOf(res);
    const start = clock;
    // Used every 20 minutes, it lives on…
    for (let m = 20; m < STAFF_SESSION_MAX_HOURS * 60; m += 20) {
      clock = new Date(start.getTime() + m * 60_000);
      expect((await me(cookie)).json().staff, `after ${m} min`).not.toBeNull();
    }
    // …but not past the hours after login.
    clock = new Date(start.getTime() + STAFF_SESSION_MAX_HOURS * 3_600_000 + 1000);
    expect((await me(cookie)).json().staff).toBeNull();

    clock = new Date(clock.getTime() + 60_000);
    const again = cookieOf(
      await login({ email: s.email, password: s.password, code: codeAt(s.email, s.totpSecret, clock) }),
    );
    clock = new Date(clock.getTime() + (STAFF_SESSION_IDLE_MINUTES + 1) * 60_000);
    expect((await me(again)).json().staff, 'idle too long').toBeNull();

    clock = new Date(clock.getTime() + 60_000);
    const third = cookieOf(
      await login({ email: s.email, password: s.password, code: codeAt(s.email, s.totpSecret, clock) }),
    );
    await t.app.inject({ method: 'POST', url: '/api/admin/logout.php', headers: staffHeaders(third) });
    expect((await me(third)).json().staff).toBeNull();

    clock = new Date(clock.getTime() + 60_000);
    const fourth = cookieOf(
      await login({ email: s.email, password: s.password, code: codeAt(s.email, s.totpSecret, clock) }),
    );
    await t.db.update(staff).set({ disabledAt: clock }).where(eq(staff.id, s.id));
    expect((await me(fourth)).json().staff).toBeNull();
  });

  test('the audit log cannot be changed, not even by SQL', async () => {
    const s = await createTestStaff(t.db, 'admin');
    await t.db
      .insert(auditLog)
      .values({ staffId: s.id, action: 'test', targetType: 'member', targetId: '1' });
    await expect(t.db.update(auditLog).set({ reason: 'changed' })).rejects.toThrow();
    await expect(t.db.delete(auditLog)).rejects.toThrow();
  });
});
