import { afterAll, beforeAll, expect, test } from 'vitest';
import { createMember, loginCookie, type TestApp, testApp } from '../../test/app';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t?.close());

const SESSION_CALLS = new Set(['/api/admin/login.php', '/api/admin/me.php', '/api/admin/logout.php']);

/** Every console call of the OpenAPI document, with its path parameters filled in. */
function consoleCalls(): { method: string; url: string }[] {
  const doc = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
  return Object.entries(doc.paths)
    .filter(([path]) => path.startsWith('/api/admin/') && !SESSION_CALLS.has(path))
    .flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => ({
        method: method.toUpperCase(),
        url: path.replace(/\{[^}]+\}/g, '1'),
      })),
    );
}

test('every console call refuses visitors and members before it reads its input', async () => {
  const calls = consoleCalls();
  expect(calls.length).toBeGreaterThan(20);
  const member = await createMember(t.db);
  const memberCookie = await loginCookie(t.db, member.id);
  for (const { method, url } of calls) {
    for (const cookie of [undefined, memberCookie]) {
      const res = await t.app.inject({
        method: method as 'GET',
        url,
        headers: { 'x-requested-with': 'XMLHttpRequest', ...(cookie ? { cookie } : {}) },
        // An empty body: a call that checked its input first would answer 400, not 403.
        ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
      });
      expect(res.statusCode, `${method} ${url} ${cookie ? 'as a member' : 'as a visitor'}`).toBe(403);
      expect(res.json().error).toBe('authentication_required');
    }
  }
});
