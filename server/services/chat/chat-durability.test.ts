import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { asc, eq, sql } from 'drizzle-orm';
import { afterEach, expect, test } from 'vitest';
import WebSocket from 'ws';
import { openDatabase } from '../../db/client';
import { lockDataDir } from '../../db/lock';
import { members, messages } from '../../db/schema';
import { createMember, loginCookie } from '../../test/app';
import { freshDataDir } from '../../test/db';
import { startServer, stop } from '../../test/process';

type Server = Awaited<ReturnType<typeof startServer>>;
let server: Server | undefined;
let remove: (() => void) | undefined;
afterEach(() => {
  stop(server);
  remove?.();
});

type Ack = { client_id: string; message: { id: number; conversation_id: number } };

/** A member's socket that sends one message at a time and resolves each send with its ack. */
function chatSocket(url: string, cookie: string) {
  const port = new URL(url).port;
  const ws = new WebSocket(`ws://127.0.0.1:${port}/api/ws`, {
    headers: { host: `main.test:${port}`, origin: `http://main.test:${port}`, cookie },
  });
  const waiting = new Map<string, (ack: Ack) => void>();
  ws.on('message', (data) => {
    const event = JSON.parse(data.toString()) as { type: string } & Ack;
    if (event.type === 'ack') waiting.get(event.client_id)?.(event);
  });
  ws.on('error', () => {});
  return {
    opened: new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    }),
    /** Resolves with the ack, or never when the server dies first. */
    send(clientId: string, to: number) {
      return new Promise<Ack>((resolve) => {
        waiting.set(clientId, resolve);
        ws.send(
          JSON.stringify({ type: 'send', client_id: clientId, member_id: to, kind: 'text', body: clientId }),
        );
      });
    },
    close: () => ws.terminate(),
  };
}

async function prepareMembers(dataDir: string) {
  const release = lockDataDir(dataDir);
  const database = await openDatabase({ dir: path.join(dataDir, 'db') });
  try {
    const a = await createMember(database.db, { paid: true });
    const b = await createMember(database.db, { paid: true });
    await database.db.execute(sql`UPDATE members SET credits = 100000, email_confirmed_at = now()`);
    return {
      a: { id: a.id, cookie: await loginCookie(database.db, a.id) },
      b: { id: b.id, cookie: await loginCookie(database.db, b.id) },
    };
  } finally {
    await database.close();
    release();
  }
}

test('kill -9 during a stream of messages: every acknowledged message is stored exactly once, in order, and a retry after the restart charges nothing twice', async () => {
  const fresh = await freshDataDir();
  remove = fresh.remove;
  const { a, b } = await prepareMembers(fresh.dataDir);

  server = await startServer(fresh.dataDir);
  const socketA = chatSocket(server.url, a.cookie);
  const socketB = chatSocket(server.url, b.cookie);
  await Promise.all([socketA.opened, socketB.opened]);

  // Both members write to each other, one message at a time each, until the server is killed.
  const acked: Record<number, Ack[]> = { [a.id]: [], [b.id]: [] };
  const pending: Record<number, string | null> = { [a.id]: null, [b.id]: null };
  let killed = false;
  const stream = async (from: typeof a, to: typeof b, socket: ReturnType<typeof chatSocket>) => {
    while (!killed) {
      const clientId = randomUUID();
      pending[from.id] = clientId;
      const ack = await Promise.race([socket.send(clientId, to.id), server?.exited.then(() => null)]);
      if (!ack) return;
      acked[from.id]?.push(ack);
      pending[from.id] = null;
    }
  };
  const streams = [stream(a, b, socketA), stream(b, a, socketB)];
  const deadline = Date.now() + 60_000;
  while ((acked[a.id]?.length ?? 0) + (acked[b.id]?.length ?? 0) < 100) {
    if (Date.now() > deadline) throw new Error('fewer than 100 messages acknowledged in 60 s');
    await new Promise((r) => setTimeout(r, 20));
  }
  server.process.kill('SIGKILL');
  killed = true;
  expect(await server.exited).toBe('SIGKILL');
  await Promise.all(streams);
  socketA.close();
  socketB.close();

  // After the restart, the sends that were in flight are retried with the same client ids.
  server = await startServer(fresh.dataDir);
  const retryA = chatSocket(server.url, a.cookie);
  const retryB = chatSocket(server.url, b.cookie);
  await Promise.all([retryA.opened, retryB.opened]);
  const retry = (from: typeof a, to: typeof b, socket: typeof retryA) => {
    const clientId = pending[from.id];
    return clientId ? socket.send(clientId, to.id) : null;
  };
  const retried = await Promise.all([retry(a, b, retryA), retry(b, a, retryB)]);
  retryA.close();
  retryB.close();
  server.process.kill('SIGTERM');
  await server.exited;

  const release = lockDataDir(fresh.dataDir);
  const database = await openDatabase({ dir: path.join(fresh.dataDir, 'db') });
  try {
    for (const member of [a, b]) {
      const stored = await database.db
        .select({ id: messages.id, clientId: messages.clientId, credits: messages.credits })
        .from(messages)
        .where(eq(messages.senderId, member.id))
        .orderBy(asc(messages.id));
      const expected = [...(acked[member.id] ?? []).map((x) => x.client_id)];
      const again = retried[member === a ? 0 : 1];
      if (again) expected.push(again.client_id);
      // Exactly once and in the order they were acknowledged; nothing stored that was not sent.
      expect(stored.map((m) => m.clientId)).toEqual(expected);
      const [row] = await database.db
        .select({ credits: members.credits })
        .from(members)
        .where(eq(members.id, member.id));
      const spent = stored.reduce((sum, m) => sum + m.credits, 0);
      expect(row?.credits).toBe(100000 - spent);
    }
  } finally {
    await database.close();
    release();
  }
}, 180_000);
