import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { SendMessageResponse } from '../../common/api/chats';
import { type App, buildApp } from '../app';
import { openDatabase } from '../db/client';
import { members } from '../db/schema';
import { RedisBus } from '../infra/events/redis';
import { createMember, loginCookie } from '../test/app';
import { type TestDatabase, testDatabase } from '../test/db';
import { redisAnswers, TEST_REDIS_URL } from '../test/redis';
import { listen, openSocket, type TestSocket } from '../test/socket';
import { SESSION_ENDED_CLOSE } from './ws';

/**
 * Two server instances on loopback, one PostgreSQL database, events through Redis.
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
  const port = (i: number) => ports[i] as number;

  async function member(credits = 10) {
    const db = shared.database.db;
    const m = await createMember(db);
    await db.update(members).set({ credits }).where(eq(members.id, m.id));
    return { ...m, cookie: await loginCookie(db, m.id) };
  }

  async function socket(i: number, cookie: string) {
    const s = await openSocket(port(i), { cookie });
    sockets.push(s);
    return s;
  }

  test('a message sent through instance A reaches the socket on instance B, once', async () => {
    const sender = await member();
    const receiver = await member();
    const onA = await socket(A, sender.cookie);
    const onB = await socket(B, receiver.cookie);
    const frame = {
      type: 'send',
      client_id: randomUUID(),
      member_id: receiver.id,
      body: 'Over two instances',
    };
    onA.send(frame);
    const ack = await onA.next('ack');
    expect(ack.client_id).toBe(frame.client_id);
    const arrived = await onB.next('message');
    expect(arrived.message).toEqual(ack.message);

    // Over HTTP on A as well, and the reply comes back the other way.
    const res = await fetch(`http://127.0.0.1:${port(A)}/api/messages.php`, {
      method: 'POST',
      headers: {
        host: `main.test:${port(A)}`,
        cookie: sender.cookie,
        'content-type': 'application/json',
        'x-requested-with': 'XMLHttpRequest',
      },
      body: JSON.stringify({
        client_id: randomUUID(),
        conversation_id: ack.message.conversation_id,
        body: 'Again',
      }),
    });
    expect(res.status).toBe(200);
    const { message } = (await res.json()) as SendMessageResponse;
    expect((await onB.next('message', (e) => e.message.id === message.id)).message.body).toBe('Again');
    onB.send({
      type: 'send',
      client_id: randomUUID(),
      conversation_id: message.conversation_id,
      body: 'Back',
    });
    expect((await onA.next('message', (e) => e.message.sender_id === receiver.id)).message.body).toBe('Back');

    await new Promise((r) => setTimeout(r, 200));
    const ids = onB.events.flatMap((e) => (e.type === 'message' ? [e.message.id] : []));
    expect(new Set(ids).size).toBe(ids.length);
  });

  test("a logout on instance A closes that session's socket on instance B at once, and only that one", async () => {
    const m = await member();
    const elsewhere = await loginCookie(shared.database.db, m.id);
    const onB = await socket(B, m.cookie);
    const otherOnB = await socket(B, elsewhere);
    const closed = new Promise<number>((resolve, reject) => {
      // Well within the recheck interval: only the event can close it this soon.
      const timer = setTimeout(() => reject(new Error('the socket on B stayed open')), 3_000);
      onB.ws.once('close', (code) => {
        clearTimeout(timer);
        resolve(code);
      });
    });
    const res = await fetch(`http://127.0.0.1:${port(A)}/api/logout.php`, {
      headers: { host: `main.test:${port(A)}`, cookie: m.cookie },
    });
    expect(res.status).toBe(200);
    expect(await closed).toBe(SESSION_ENDED_CLOSE);
    // The member's other session keeps its socket.
    apps[A]?.services.events.publish(m.id, { type: 'credits', credits: 3 });
    await otherOnB.next('credits');
    expect(otherOnB.ws.readyState).toBe(otherOnB.ws.OPEN);
  });

  test('a like given on instance A reaches the liked member on instance B', async () => {
    const liker = await member();
    const liked = await member();
    const onB = await socket(B, liked.cookie);
    const res = await fetch(`http://127.0.0.1:${port(A)}/api/likes.php`, {
      method: 'POST',
      headers: {
        host: `main.test:${port(A)}`,
        cookie: liker.cookie,
        'content-type': 'application/json',
        'x-requested-with': 'XMLHttpRequest',
      },
      body: JSON.stringify({ member_id: liked.id }),
    });
    expect(res.status).toBe(200);
    expect(await onB.next('like')).toMatchObject({ type: 'like', member_id: liker.id });
  });
});
