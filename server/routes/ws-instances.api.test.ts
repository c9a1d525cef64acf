import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type App, buildApp } from '../app';
import { openDatabase } from '../db/client';
import { RedisBus } from '../services/events/redis';
import { createMember, loginCookie } from '../test/app';
import { type TestDatabase, testDatabase } from '../test/db';
import { redisAnswers, TEST_REDIS_URL } from '../test/redis';
import { listen, openSocket, type TestSocket } from '../test/socket';

/**
 * Issue 5 point 6: two server instances on loopback, one PostgreSQL database, events through Redis.
 * PGlite cannot be opened by two servers, so this runs on the CI's PostgreSQL stage
 * (TEST_DATABASE_URL) with its Redis on 127.0.0.1:6379.
 */
const why = !process.env.TEST_DATABASE_URL
  ? 'needs TEST_DATABASE_URL: two instances must share a PostgreSQL database'
  : !(await redisAnswers())
    ? `needs Redis at ${TEST_REDIS_URL}`
    : null;

describe.skipIf(why !== null)(`two instances behind one Redis${why ? ` (skipped: ${why})` : ''}`, () => {
  let shared: TestDatabase;
  const apps: App[] = [];
  let second: Awaited<ReturnType<typeof openDatabase>> | undefined;
  const ports: number[] = [];
  const sockets: TestSocket[] = [];

  beforeAll(async () => {
    shared = await testDatabase();
    second = await openDatabase({ url: shared.config.databaseUrl });
    for (const database of [shared.database, second]) {
      const app = await buildApp({
        config: shared.config,
        database,
        webDir: null,
        events: new RedisBus(TEST_REDIS_URL),
      });
      apps.push(app);
      ports.push((await listen(app)).port);
    }
  });
  afterAll(async () => {
    await Promise.all(sockets.map((s) => s.close()));
    await Promise.all(apps.map((a) => a.close()));
    await second?.close();
    await shared?.destroy();
  });

  const [A, B] = [0, 1];

  test("an event caused on instance A reaches the member's socket on instance B", async () => {
    const db = shared.database.db;
    const sender = await createMember(db);
    const receiver = await createMember(db);
    const onB = await openSocket(ports[B] as number, { cookie: await loginCookie(db, receiver.id) });
    sockets.push(onB);
    const elsewhere = await openSocket(ports[A] as number, { cookie: await loginCookie(db, sender.id) });
    sockets.push(elsewhere);
    apps[A]?.services.events.publish(receiver.id, { type: 'like', member_id: sender.id, match: false });
    expect(await onB.next('like')).toEqual({ type: 'like', member_id: sender.id, match: false });
    expect(elsewhere.events.map((e) => e.type)).toEqual(['ready']);
  });
});
