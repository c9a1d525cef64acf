import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { type TestApp, testApp } from '../test/app';
import { freshDataDir, root } from '../test/db';
import { type Child, startServer, stop } from '../test/process';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t?.close());

const get = (app: TestApp['app'], url: string, host = 'main.test') => app.inject({ url, headers: { host } });

describe('liveness and readiness', () => {
  test('/api/health answers that the process is alive, on any host', async () => {
    for (const host of ['main.test', 'unknown.example', '10.0.0.7:8080']) {
      const res = await get(t.app, '/api/health', host);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'ok' });
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });

  test('/api/ready names each part it checked', async () => {
    const res = await get(t.app, '/api/ready');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'ready',
      failing: [],
      checks: { database: 'ok', redis: 'not configured', storage: 'ok' },
    });
  });

  test('while the instance drains, readiness is 503 and the site still serves', async () => {
    t.app.readiness.draining = true;
    try {
      const res = await get(t.app, '/api/ready');
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ status: 'unavailable', failing: ['draining'] });
      expect((await get(t.app, '/api/settings.php')).statusCode).toBe(200);
    } finally {
      t.app.readiness.draining = false;
    }
  });

  test('with the database gone, readiness is 503 naming it; liveness and the page shell still answer', async () => {
    const broken = await testApp({ webDir: path.join(root, 'server/test/web') });
    try {
      // A visit before the outage: the site is known.
      expect((await get(broken.app, '/')).statusCode).toBe(200);
      await broken.database.close();
      const res = await get(broken.app, '/api/ready');
      expect(res.statusCode).toBe(503);
      const body = res.json();
      expect(body.failing).toEqual(['database']);
      expect(body.checks.database).not.toBe('ok');
      expect(body.checks.storage).toBe('ok');
      expect((await get(broken.app, '/api/health')).statusCode).toBe(200);
      const page = await get(broken.app, '/');
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
    } finally {
      await broken.close();
    }
  });
});

describe('SIGTERM with a drain time', () => {
  const children: Child[] = [];
  const folders: (() => void)[] = [];
  afterEach(() => {
    for (const c of children.splice(0)) stop(c);
    for (const remove of folders.splice(0)) remove();
  });

  test('readiness turns 503 first, the server keeps answering for the drain time, then stops', async () => {
    const { dataDir, remove } = await freshDataDir();
    folders.push(remove);
    const server = await startServer(dataDir, { DRAIN_SECONDS: '2', LOG_LEVEL: 'info' });
    children.push(server);
    const ask = (path: string) => fetch(`${server.url}${path}`, { headers: { host: 'main.test' } });
    expect((await ask('/api/ready')).status).toBe(200);
    server.process.kill('SIGTERM');
    await server.waitFor(/not ready: waiting for the load balancer/);
    const ready = await ask('/api/ready');
    expect(ready.status).toBe(503);
    expect((await ready.json()).failing).toContain('draining');
    expect((await ask('/api/settings.php')).status).toBe(200);
    expect(await server.exited).toBe(0);
  });
});
