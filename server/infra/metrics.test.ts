import { describe, expect, test } from 'vitest';
import { countJob, observeRequest, registry, tokenStatus, watchPool } from './metrics';

const value = async (name: string, labels: Record<string, string> = {}) => {
  const metric = registry.getSingleMetric(name);
  if (!metric) return undefined;
  const { values } = await metric.get();
  return values.find((v) => Object.entries(labels).every(([k, l]) => v.labels[k] === l))?.value;
};

describe('the scrape token', () => {
  const token = 'a-token-of-thirty-two-characters';

  test('a bearer token is compared whole: missing 401, another 403, the same 200', () => {
    expect(tokenStatus(undefined, token)).toBe(401);
    expect(tokenStatus('', token)).toBe(401);
    expect(tokenStatus(token, token)).toBe(401);
    expect(tokenStatus(`Basic ${token}`, token)).toBe(401);
    expect(tokenStatus(`Bearer ${token.slice(1)}`, token)).toBe(403);
    expect(tokenStatus(`Bearer ${token}x`, token)).toBe(403);
    expect(tokenStatus(`Bearer ${token.toUpperCase()}`, token)).toBe(403);
    expect(tokenStatus(`Bearer ${token}`, token)).toBe(200);
    expect(tokenStatus(`bearer  ${token}`, token)).toBe(200);
  });
});

describe('what is measured', () => {
  test('a request is labelled by its status class, and by `unmatched` when no route matched', async () => {
    observeRequest('/api/chats.php', 'GET', 503, 1200);
    observeRequest(undefined, 'GET', 404, 3);
    const text = await registry.metrics();
    expect(text).toContain(
      'http_request_duration_seconds_bucket{le="2.5",route="/api/chats.php",method="GET",status_class="5xx"} 1',
    );
    expect(text).toContain(
      'http_request_duration_seconds_bucket{le="1",route="/api/chats.php",method="GET",status_class="5xx"} 0',
    );
    expect(text).toContain(
      'http_request_duration_seconds_count{route="unmatched",method="GET",status_class="4xx"} 1',
    );
  });

  test('a scheduled job counts its runs and failures; a run left to another instance is none', async () => {
    expect(await countJob('test-job', Promise.resolve({ done: 1 }))).toEqual({ done: 1 });
    expect(await countJob('test-job', Promise.resolve(null))).toBeNull();
    await expect(countJob('test-job', Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await value('scheduled_job_runs_total', { job: 'test-job' })).toBe(1);
    expect(await value('scheduled_job_failures_total', { job: 'test-job' })).toBe(1);
  });

  test('the pool gauges appear with a PostgreSQL pool, sum the pools and forget a closed one', async () => {
    expect(await registry.metrics()).not.toContain('db_pool_');
    const first = { totalCount: 4, idleCount: 1, waitingCount: 2 };
    const second = { totalCount: 10, idleCount: 0, waitingCount: 5 };
    const unwatchFirst = watchPool(first);
    const unwatchSecond = watchPool(second);
    expect(await value('db_pool_connections')).toBe(14);
    expect(await value('db_pool_idle')).toBe(1);
    expect(await value('db_pool_waiting')).toBe(7);
    second.waitingCount = 0;
    expect(await value('db_pool_waiting')).toBe(2);
    unwatchSecond();
    expect(await value('db_pool_connections')).toBe(4);
    unwatchFirst();
    expect(await value('db_pool_connections')).toBe(0);
    // Watched again (a database opened anew), each gauge is there once.
    const unwatch = watchPool(first);
    expect((await registry.metrics()).match(/^db_pool_waiting /gm)).toHaveLength(1);
    unwatch();
  });
});
