import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../test/app';
import { clearRate, hitRate, peekRate } from './rate-limit';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

describe('rate counters', () => {
  it('allows up to the limit in a window, then refuses with the time left', async () => {
    const now = new Date('2026-01-01T10:00:00Z');
    for (let i = 1; i <= 3; i++) expect((await hitRate(t.db, 'k1', 3, 60, now)).allowed).toBe(true);
    const fourth = await hitRate(t.db, 'k1', 3, 60, new Date(now.getTime() + 20_000));
    expect(fourth).toMatchObject({ allowed: false, count: 4, retryAfterSeconds: 40 });
  });

  it('starts a new window once the old one has ended', async () => {
    const now = new Date('2026-01-01T10:00:00Z');
    await hitRate(t.db, 'k2', 1, 60, now);
    expect((await hitRate(t.db, 'k2', 1, 60, now)).allowed).toBe(false);
    expect((await hitRate(t.db, 'k2', 1, 60, new Date(now.getTime() + 60_000))).allowed).toBe(true);
  });

  it('counts concurrent hits exactly', async () => {
    const now = new Date('2026-01-01T10:00:00Z');
    const results = await Promise.all(Array.from({ length: 20 }, () => hitRate(t.db, 'k3', 5, 60, now)));
    expect(results.filter((r) => r.allowed)).toHaveLength(5);
    expect((await peekRate(t.db, 'k3', now)).count).toBe(20);
    await clearRate(t.db, 'k3');
    expect((await peekRate(t.db, 'k3', now)).count).toBe(0);
  });
});
