import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { serverPort } from '../infra/metrics';
import { type TestApp, testApp } from '../test/app';
import { chatHarness } from '../test/chat';
import { listen, openSocket, type TestSocket } from '../test/socket';

const TOKEN = 'scrape-token-0123456789abcdef';

/**
 * The value of the sample `name` whose labels include `labels` (prom-client's text format), or
 * undefined when the metrics show no such sample.
 */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const shown = match[2] ?? '';
    if (Object.entries(labels).every(([k, v]) => shown.includes(`${k}="${v}"`))) return Number(match[3]);
  }
  return undefined;
}

describe('metrics on the app port, behind the token', () => {
  const clock = { now: new Date() };
  let t: TestApp;
  let port: number;
  const sockets: TestSocket[] = [];
  beforeAll(async () => {
    t = await testApp({
      now: () => clock.now,
      config: { metrics: { port: undefined, host: '127.0.0.1', token: TOKEN } },
    });
    ({ port } = await listen(t.app));
  });
  afterAll(() => t?.close());
  afterEach(async () => {
    await Promise.all(sockets.splice(0).map((s) => s.close()));
  });
  const { member, send } = chatHarness(() => t, clock);

  const scrape = (authorization?: string) =>
    t.app.inject({
      method: 'GET',
      url: '/api/metrics',
      // A scraper names the instance, not a site.
      headers: { host: '10.0.0.5:8080', ...(authorization ? { authorization } : {}) },
    });
  const metrics = async () => {
    const res = await scrape(`Bearer ${TOKEN}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.body;
  };

  test('without the token 401, with another one 403, and nothing of the metrics either way', async () => {
    const none = await scrape();
    expect(none.statusCode).toBe(401);
    expect(none.headers['www-authenticate']).toBe('Bearer');
    const wrong = await scrape(`Bearer ${TOKEN.slice(0, -1)}x`);
    expect(wrong.statusCode).toBe(403);
    const basic = await scrape(`Basic ${Buffer.from(`x:${TOKEN}`).toString('base64')}`);
    expect(basic.statusCode).toBe(401);
    for (const res of [none, wrong, basic]) expect(res.body).not.toContain('http_request_duration_seconds');
  });

  test('with the token: the duration of a route just called, by pattern, method and status class', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    // Readiness asks the database: the pool holds a connection when scraped (an idle one closes
    // after 10 s, and this file's earlier calls may be longer ago than that).
    expect((await t.app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
    const res = await scrape(`Bearer ${TOKEN}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.headers['cache-control']).toBe('no-store');
    const labels = { route: '/api/health', method: 'GET', status_class: '2xx' };
    expect(sample(res.body, 'http_request_duration_seconds_count', labels)).toBeGreaterThanOrEqual(1);
    expect(sample(res.body, 'http_request_duration_seconds_bucket', { ...labels, le: '+Inf' })).toBe(
      sample(res.body, 'http_request_duration_seconds_count', labels),
    );
    // The event-loop delay and the process come with them.
    expect(sample(res.body, 'nodejs_eventloop_lag_p99_seconds')).toBeGreaterThanOrEqual(0);
    expect(sample(res.body, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    // PostgreSQL's pool (the API suite runs on it in CI too); the embedded database has none.
    if (t.database.kind === 'postgres') expect(sample(res.body, 'db_pool_connections')).toBeGreaterThan(0);
    else expect(sample(res.body, 'db_pool_connections')).toBeUndefined();
  });

  test('a route pattern, never the address: member ids make no series of their own', async () => {
    const a = await member();
    await t.app.inject({
      method: 'GET',
      url: '/api/messages.php?conversation_id=987654',
      headers: { host: 'main.test', cookie: a.cookie },
    });
    const text = await metrics();
    expect(text).not.toContain('987654');
    expect(
      sample(text, 'http_request_duration_seconds_count', { route: '/api/messages.php' }),
    ).toBeGreaterThan(0);
    const unmatched = { route: 'unmatched', status_class: '4xx' };
    const before = sample(text, 'http_request_duration_seconds_count', unmatched) ?? 0;
    await t.app.inject({ method: 'GET', url: '/api/no-such-thing/123456', headers: { host: 'main.test' } });
    const after = await metrics();
    expect(after).not.toContain('123456');
    expect(sample(after, 'http_request_duration_seconds_count', unmatched)).toBe(before + 1);
  });

  test('a chat message sent counts once, and its delivery to the partner socket counts', async () => {
    const a = await member();
    const b = await member();
    const socket = await openSocket(port, { cookie: b.cookie });
    sockets.push(socket);
    const before = await metrics();
    const sentBefore = sample(before, 'chat_messages_sent_total', { kind: 'text' }) ?? 0;
    const deliveredBefore = sample(before, 'chat_messages_delivered_total') ?? 0;
    const res = await send(a, { member_id: b.id });
    expect(res.statusCode, res.body).toBe(200);
    await socket.next('message');
    const after = await metrics();
    expect(sample(after, 'chat_messages_sent_total', { kind: 'text' })).toBe(sentBefore + 1);
    expect(sample(after, 'chat_messages_delivered_total')).toBe(deliveredBefore + 1);
  });

  test('open sockets go up with a socket opened and down when it closes', async () => {
    const a = await member();
    const before = sample(await metrics(), 'ws_open_sockets') ?? 0;
    const socket = await openSocket(port, { cookie: a.cookie });
    expect(sample(await metrics(), 'ws_open_sockets')).toBe(before + 1);
    await socket.close();
    await expect.poll(async () => sample(await metrics(), 'ws_open_sockets')).toBe(before);
  });
});

describe('metrics on a port of their own', () => {
  let t: TestApp | undefined;
  let plain: TestApp;
  let appPort: number;
  let metricsAddress: string;
  beforeAll(async () => {
    t = await testApp({ config: { metrics: { port: 0, host: '127.0.0.1', token: TOKEN } } });
    ({ port: appPort } = await listen(t.app));
    const server = t.app.metricsServer;
    if (!server) throw new Error('no metrics server');
    metricsAddress = `http://127.0.0.1:${serverPort(server)}/metrics`;
    plain = await testApp();
  });
  afterAll(async () => {
    await Promise.all([t?.close(), plain?.close()]);
  });

  test('the metrics port serves them at /metrics; the app port has none, not even with the token', async () => {
    await fetch(`http://127.0.0.1:${appPort}/api/health`);
    const res = await fetch(metricsAddress, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    const text = await res.text();
    expect(sample(text, 'http_request_duration_seconds_count', { route: '/api/health' })).toBeGreaterThan(0);
    expect((await fetch(metricsAddress.replace('/metrics', '/api/metrics'))).status).toBe(404);

    for (const path of ['/api/metrics', '/metrics']) {
      const onApp = await fetch(`http://127.0.0.1:${appPort}${path}`, {
        headers: { host: 'main.test', authorization: `Bearer ${TOKEN}` },
      });
      expect(onApp.status).toBe(404);
      expect(await onApp.text()).not.toContain('http_request_duration_seconds');
    }
  });

  test('a token set with the port guards the port too', async () => {
    const none = await fetch(metricsAddress);
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toBe('Bearer');
    expect((await fetch(metricsAddress, { headers: { authorization: 'Bearer nope' } })).status).toBe(403);
    expect(await none.text()).not.toContain('http_request_duration_seconds');
  });

  test('without a port and without a token nothing is served: no metrics port, no /api/metrics', async () => {
    expect(plain.app.metricsServer).toBeNull();
    for (const authorization of [undefined, `Bearer ${TOKEN}`]) {
      const res = await plain.app.inject({
        method: 'GET',
        url: '/api/metrics',
        headers: { host: 'main.test', ...(authorization ? { authorization } : {}) },
      });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('http_request_duration_seconds');
    }
  });

  test('the metrics port closes with the app', async () => {
    await t?.close();
    t = undefined;
    await expect(fetch(metricsAddress)).rejects.toThrow();
  });
});
