import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { openAndPrepare } from './boot';
import { openDatabase } from './db/client';
import { staff } from './db/schema';
import { createMember, loginCookie } from './test/app';
import { freshDataDir, testConfig, testDatabase } from './test/db';
import { type Child, runTs, serverEnv, startServer, stop } from './test/process';
import { freePort, redisAnswers, TEST_REDIS_URL } from './test/redis';
import { openSocket } from './test/socket';

// The server as `npm start` runs it: a real process on a real data folder.

const children: Child[] = [];
const folders: (() => void)[] = [];
afterEach(() => {
  for (const c of children.splice(0)) stop(c);
  for (const remove of folders.splice(0)) remove();
});

async function dataDir() {
  const { dataDir, remove } = await freshDataDir();
  folders.push(remove);
  return dataDir;
}

async function start(dir: string, env: NodeJS.ProcessEnv = {}) {
  const server = await startServer(dir, env);
  children.push(server);
  return server;
}

const lockFile = (dir: string) => path.join(dir, 'server.lock');

/** Sends the headers of a POST and holds back its body, so the request is in flight until `finish`. */
function slowRequest(url: string) {
  const { hostname, port } = new URL(url);
  const socket = net.connect(Number(port), hostname);
  let response = '';
  socket.on('data', (d) => {
    response += d.toString();
  });
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  const ready = new Promise<void>((resolve) => socket.on('connect', () => resolve()));
  return {
    async begin() {
      await ready;
      socket.write(
        'POST /api/nope HTTP/1.1\r\nHost: main.test\r\nX-Requested-With: XMLHttpRequest\r\n' +
          'Content-Type: application/json\r\nContent-Length: 2\r\nConnection: close\r\n\r\n',
      );
    },
    async finish() {
      socket.write('{}');
      await closed;
      return response;
    },
  };
}

describe('the data folder lock', () => {
  test('a second process on the same DATA_DIR stops at once with a message naming the folder', async () => {
    const dir = await dataDir();
    const first = await start(dir);
    const second = runTs('server/main.ts', [], serverEnv(dir));
    children.push(second);
    const startedAt = Date.now();
    const code = await second.exited;
    expect(code).not.toBe(0);
    expect(typeof code).toBe('number');
    expect(Date.now() - startedAt).toBeLessThan(15_000);
    expect(second.output()).toContain(dir);
    expect(second.output()).toMatch(/in use|locked/i);
    expect(second.output()).not.toMatch(/\n\s+at /);
    // The first server is unharmed and still holds the lock.
    expect((await fetch(`${first.url}/api/settings.php`)).status).toBe(200);
    expect(fs.readFileSync(lockFile(dir), 'utf8')).toBe(String(first.process.pid));
  }, 120_000);
});

describe('SIGTERM', () => {
  test('drains the request in flight, exits 0, releases the lock, and a restart sees the data', async () => {
    const dir = await dataDir();
    const database = await openDatabase({ dir: path.join(dir, 'db') });
    const member = await createMember(database.db, { name: 'Persistent' });
    const cookie = await loginCookie(database.db, member.id);
    await database.close();

    // Info logs show when the server has read a request's headers ("incoming request").
    const first = await start(dir, { LOG_LEVEL: 'info' });
    const user = async (url: string) => (await fetch(`${url}/api/user.php`, { headers: { cookie } })).json();
    expect((await user(first.url)).user?.profile.name).toBe('Persistent');
    expect(fs.existsSync(lockFile(dir))).toBe(true);

    const request = slowRequest(first.url);
    await request.begin();
    // Once the server has read the headers, the request is in flight.
    await first.waitFor(/"url":"\/api\/nope"/);
    first.process.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 300));
    expect(first.process.exitCode).toBeNull();
    const response = await request.finish();
    expect(response).toMatch(/^HTTP\/1\.1 404/);
    expect(response).toContain('"error":"not_found"');

    const code = await Promise.race([
      first.exited,
      new Promise((r) => setTimeout(() => r('still running'), 10_000)),
    ]);
    expect(code).toBe(0);
    expect(fs.existsSync(lockFile(dir))).toBe(false);

    const second = await start(dir);
    expect((await user(second.url)).user?.profile.name).toBe('Persistent');
    second.process.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  }, 120_000);
});

describe('real time in the running server', () => {
  test('with REDIS_URL a member socket opens; SIGTERM tells it the server is going away (1001) and exits 0', async (ctx) => {
    if (!(await redisAnswers())) ctx.skip();
    const dir = await dataDir();
    const database = await openDatabase({ dir: path.join(dir, 'db') });
    const member = await createMember(database.db);
    const cookie = await loginCookie(database.db, member.id);
    await database.close();
    const server = await start(dir, { REDIS_URL: TEST_REDIS_URL });
    const socket = await openSocket(Number(new URL(server.url).port), { cookie });
    const closed = new Promise<number>((resolve) => socket.ws.once('close', (code) => resolve(code)));
    server.process.kill('SIGTERM');
    expect(await closed).toBe(1001);
    const code = await Promise.race([
      server.exited,
      new Promise((r) => setTimeout(() => r('still running'), 10_000)),
    ]);
    // Exiting at all also means the Redis connections were closed: open ones keep a process alive.
    expect(code).toBe(0);
  }, 120_000);
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('WORKERS=2 on PostgreSQL', () => {
  test('two server processes serve one port; SIGTERM drains the request in flight and exits 0', async (ctx) => {
    if (!(await redisAnswers())) ctx.skip();
    const { database, config, destroy } = await testDatabase();
    const member = await createMember(database.db, { name: 'Clustered' });
    const cookie = await loginCookie(database.db, member.id);
    await database.close();
    try {
      const server = await start(await dataDir(), {
        DATABASE_URL: config.databaseUrl,
        WORKERS: '2',
        REDIS_URL: TEST_REDIS_URL,
        LOG_LEVEL: 'info',
      });
      await server.waitFor(/database: postgres, 2 processes/);
      // A new connection each time, so that both processes answer some.
      for (let i = 0; i < 6; i++) {
        const res = await fetch(`${server.url}/api/user.php`, { headers: { cookie, connection: 'close' } });
        expect((await res.json()).user?.profile.name).toBe('Clustered');
      }
      const request = slowRequest(server.url);
      await request.begin();
      await server.waitFor(/"url":"\/api\/nope"/);
      server.process.kill('SIGTERM');
      const response = await request.finish();
      expect(response).toMatch(/^HTTP\/1\.1 404/);
      const code = await Promise.race([
        server.exited,
        new Promise((r) => setTimeout(() => r('still running'), 10_000)),
      ]);
      expect(code).toBe(0);
    } finally {
      await destroy();
    }
  }, 120_000);
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('metrics of WORKERS=2', () => {
  test('the primary serves on METRICS_PORT the sum of both processes; the app port has none', async (ctx) => {
    if (!(await redisAnswers())) ctx.skip();
    const { config, destroy } = await testDatabase();
    try {
      const metricsPort = await freePort();
      const server = await start(await dataDir(), {
        DATABASE_URL: config.databaseUrl,
        WORKERS: '2',
        REDIS_URL: TEST_REDIS_URL,
        METRICS_PORT: String(metricsPort),
      });
      // A new connection each time: the two processes take turns.
      for (let i = 0; i < 6; i++)
        expect((await fetch(`${server.url}/api/health`, { headers: { connection: 'close' } })).status).toBe(
          200,
        );
      const res = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
      expect(res.status).toBe(200);
      const text = await res.text();
      expect(text).toMatch(
        /^http_request_duration_seconds_count\{route="\/api\/health",method="GET",status_class="2xx"\} 6$/m,
      );
      expect(text).toMatch(/^nodejs_eventloop_lag_p99_seconds /m);
      expect(text).toMatch(/^db_pool_connections /m);
      expect((await fetch(`${server.url}/api/metrics`, { headers: { host: 'main.test' } })).status).toBe(404);
    } finally {
      await destroy();
    }
  }, 120_000);
});

describe('demo data only on the start that seeded an empty database', () => {
  test('a database that already has members gets no demo admin, and no login is printed', async () => {
    const dir = await dataDir();
    const { database, release } = await openAndPrepare(testConfig(dir));
    await createMember(database.db);
    await database.close();
    release();

    const server = await start(dir, { SEED_MEMBERS: '5', LOG_LEVEL: 'warn' });
    expect(server.output()).not.toMatch(/admin@demo\.invalid|second factor|Demo login/);
    stop(server);
    await server.exited;

    const reopened = await openDatabase({ dir: path.join(dir, 'db') });
    try {
      expect(await reopened.db.select().from(staff)).toEqual([]);
      expect(fs.existsSync(path.join(dir, 'demo-staff.json'))).toBe(false);
    } finally {
      await reopened.close();
    }
  }, 120_000);
});
