import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { AUDIT_PAGE } from '../../../common/api/admin/audit';
import { audit } from '../../services/admin/audit';
import { createMember, loginCookie, type TestApp, testApp } from '../../test/app';
import { createTestStaff, roleCookies, staffCookie, staffHeaders } from '../../test/staff';

const NOW = new Date('2026-06-01T10:00:00Z');
let t: TestApp;
let cookies: Awaited<ReturnType<typeof roleCookies>>;
let staffId: number;
let staffCookieOf: string;
beforeAll(async () => {
  t = await testApp({ now: () => NOW });
  cookies = await roleCookies(t.db, NOW);
  const s = await createTestStaff(t.db, 'moderator');
  staffId = s.id;
  staffCookieOf = await staffCookie(t.db, s.id, NOW);
  // A history: an older day of report decisions, and today's photo reviews.
  for (let i = 0; i < AUDIT_PAGE + 5; i++)
    await audit(t.db, { staffId, action: 'photo.approve', targetType: 'photo', targetId: 1000 + i });
  await audit(t.db, {
    staffId,
    action: 'report.suspend',
    targetType: 'report',
    targetId: 77,
    reason: 'Threats',
  });
  await audit(t.db, { staffId: null, action: 'message.flag', targetType: 'message', targetId: 5 });
});
afterAll(() => t?.close());

const get = (query: string, cookie = staffCookieOf) =>
  t.app.inject({ method: 'GET', url: `/api/admin/audit.php${query}`, headers: staffHeaders(cookie) });

describe('GET /api/admin/audit.php', () => {
  test('moderators and admins read it; support and a member session get 403', async () => {
    expect((await get('', cookies.moderator)).statusCode).toBe(200);
    expect((await get('', cookies.admin)).statusCode).toBe(200);
    const support = await get('', cookies.support);
    expect(support.statusCode).toBe(403);
    expect(support.json().error).toBe('staff_role_required');
    const member = await createMember(t.db);
    const memberCookie = await loginCookie(t.db, member.id, NOW);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/admin/audit.php',
      headers: { cookie: memberCookie, 'x-requested-with': 'XMLHttpRequest', host: 'main.test' },
    });
    expect(res.statusCode).toBe(403);
  });

  test('newest first, filtered by staff, action family, target and day; keyset pages', async () => {
    const mine = (await get(`?staff_id=${staffId}`)).json();
    expect(mine.entries).toHaveLength(AUDIT_PAGE);
    expect(mine.entries[0]).toMatchObject({
      action: 'report.suspend',
      target_type: 'report',
      target_id: '77',
      reason: 'Threats',
      staff: { id: staffId },
    });
    const second = (await get(`?staff_id=${staffId}&cursor=${mine.next_cursor}`)).json();
    const all = [...mine.entries, ...second.entries].map((e: { id: number }) => e.id);
    expect(new Set(all).size).toBe(AUDIT_PAGE + 6);
    expect(second.next_cursor).toBeNull();
    expect(mine.staff.map((s: { id: number }) => s.id)).toContain(staffId);

    const family = (await get('?action=report')).json();
    expect(family.entries.map((e: { action: string }) => e.action)).toEqual(['report.suspend']);
    const target = (await get('?target_type=photo&target_id=1003')).json();
    expect(target.entries.map((e: { target_id: string }) => e.target_id)).toEqual(['1003']);
    const system = (await get('?action=message.flag')).json();
    expect(system.entries[0].staff).toBeNull();
    const today = new Date().toISOString().slice(0, 10);
    expect((await get(`?from=${today}&to=${today}`)).json().entries.length).toBeGreaterThan(0);
    expect((await get('?to=2001-01-01')).json().entries).toEqual([]);
  });

  test('bad filters are 400; no call changes the log', async () => {
    for (const q of ['?from=yesterday', '?target_type=planet', '?action=DROP%20TABLE', '?cursor=xyz'])
      expect((await get(q)).statusCode, q).toBe(400);
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
      const res = await t.app.inject({
        method,
        url: '/api/admin/audit.php',
        headers: staffHeaders(cookies.admin),
        payload: {},
      });
      expect(res.statusCode, method).toBe(404);
    }
  });
});
