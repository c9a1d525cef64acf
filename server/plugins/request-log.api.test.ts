import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type App, buildApp } from '../app';
import type { Config } from '../config';
import { type TestDatabase, testDatabase } from '../test/db';
import { capturedLogger } from '../test/log';

// Request ids and request lines as an operator reads them from several instances' logs.

let database: TestDatabase;
const apps: App[] = [];

beforeAll(async () => {
  database = await testDatabase();
});

afterAll(async () => {
  for (const app of apps) await app.close();
  await database.destroy();
});

/** An app (one instance) on the shared test database, logging into an array. */
async function instance(config: Partial<Config> = {}) {
  const captured = capturedLogger();
  const app = await buildApp({
    config: { ...database.config, ...config },
    database: database.database,
    webDir: null,
    logger: captured.log,
  });
  await app.ready();
  apps.push(app);
  return { app, ...captured };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const get = (app: App, url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers: { host: 'main.test', ...headers } });
const behindProxy = (trustedProxies: Config['trustedProxies']): Partial<Config> => ({
  trustProxy: true,
  trustedProxies,
});

describe('request ids', () => {
  test('unique across instances, named in the answer and in every line of the request', async () => {
    const first = await instance({ requestLogLevel: 'info' });
    const second = await instance({ requestLogLevel: 'info' });
    const ids: string[] = [];
    for (const { app } of [first, second, first, second]) {
      const res = await get(app, '/api/settings.php');
      expect(res.statusCode).toBe(200);
      ids.push(String(res.headers['x-request-id']));
    }
    for (const id of ids) expect(id).toMatch(UUID);
    expect(new Set(ids).size).toBe(ids.length);
    const logged = [...first.entries(), ...second.entries()].filter((e) => e.msg === 'incoming request');
    expect(logged.map((e) => e.reqId).sort()).toEqual([...ids].sort());
  });

  test("a client's own X-Request-Id is ignored", async () => {
    const { app, entries } = await instance({ requestLogLevel: 'info' });
    const res = await get(app, '/api/settings.php', { 'x-request-id': 'chosen-by-client' });
    expect(res.headers['x-request-id']).toMatch(UUID);
    expect(entries().some((e) => e.reqId === 'chosen-by-client')).toBe(false);
  });

  test("a trusted proxy's X-Request-Id names the request, in the log and the answer", async () => {
    // The injected requests come from 127.0.0.1.
    for (const trusted of [['127.0.0.1'], ['loopback'], 1] as const) {
      const { app, entries } = await instance({
        ...behindProxy(trusted as Config['trustedProxies']),
        requestLogLevel: 'info',
      });
      const res = await get(app, '/api/settings.php', { 'x-request-id': 'lb-4f2a9c0e1b7d' });
      expect(res.headers['x-request-id']).toBe('lb-4f2a9c0e1b7d');
      const lines = entries().filter((e) => e.reqId === 'lb-4f2a9c0e1b7d');
      expect(lines.map((e) => e.msg)).toEqual(['incoming request', 'request completed']);
    }
  });

  test('a proxy that is not the trusted one, or an id of the wrong shape, gets an id of ours', async () => {
    const elsewhere = await instance(behindProxy(['10.0.0.0/8']));
    const res = await get(elsewhere.app, '/api/settings.php', { 'x-request-id': 'lb-4f2a9c0e1b7d' });
    expect(res.headers['x-request-id']).toMatch(UUID);

    const { app } = await instance(behindProxy(['127.0.0.1']));
    for (const bad of ['x'.repeat(129), 'two words', '{"level":60}', ''])
      expect((await get(app, '/api/settings.php', { 'x-request-id': bad })).headers['x-request-id']).toMatch(
        UUID,
      );
  });
});

describe('request lines', () => {
  const TOKEN = 'qK3v9x_Yt2LmNpRs8Uw4Zb6Cd1Ef7Gh0Ij5Kl2Mn9O';

  test('addresses with tokens are logged without them', async () => {
    const { app, lines } = await instance({ requestLogLevel: 'info' });
    for (const url of [
      `/api/activation.php?token=${TOKEN}`,
      `/reset-password/do?token=${TOKEN}`,
      `/mail-change/do?token=${TOKEN}`,
      `/unsubscribe/${TOKEN}`,
      `/api/unsubscribe.php?token=${TOKEN}`,
      `/api/nowhere?code=${TOKEN}&password=${TOKEN}`,
    ])
      await get(app, url);
    expect(lines.length).toBeGreaterThan(6);
    expect(lines.join('\n')).not.toContain(TOKEN);
    expect(lines.join('\n')).toContain('/api/activation.php?token=[redacted]');
    expect(lines.join('\n')).toContain('/unsubscribe/[redacted]');
  });

  test('at debug on a laptop (the start banner stays readable), at info in production', async () => {
    const laptop = await instance({ requestLogLevel: 'debug' });
    await get(laptop.app, '/api/settings.php');
    expect(laptop.entries().filter((e) => e.reqId)).toEqual([]);

    const debugging = capturedLogger({ level: 'debug' });
    const app = await buildApp({
      config: { ...database.config, requestLogLevel: 'debug' },
      database: database.database,
      webDir: null,
      logger: debugging.log,
    });
    apps.push(app);
    await get(app, '/api/settings.php');
    expect(
      debugging
        .entries()
        .filter((e) => e.reqId)
        .map((e) => [e.level, e.msg]),
    ).toEqual([
      [20, 'incoming request'],
      [20, 'request completed'],
    ]);

    const production = await instance({ requestLogLevel: 'info' });
    await get(production.app, '/api/settings.php');
    expect(
      production
        .entries()
        .filter((e) => e.reqId)
        .map((e) => [e.level, e.msg]),
    ).toEqual([
      [30, 'incoming request'],
      [30, 'request completed'],
    ]);
  });
});
