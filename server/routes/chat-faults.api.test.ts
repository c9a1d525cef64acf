import { AsyncLocalStorage } from 'node:async_hooks';
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { InfiniteQueryObserver, QueryClient } from '@tanstack/react-query';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, test, vi } from 'vitest';
import WebSocket from 'ws';
import type { ChatMessage, SendMessageResponse } from '../../common/api/chats';
import type { ServerEvent } from '../../common/api/events';
import { addMessage, type MessagesCache, messagesKey } from '../../web/api/chat-cache';
import { historyQuery } from '../../web/api/messages';
import { applyEvent, catchUp } from '../../web/api/realtime-cache';
import { members, messages } from '../db/schema';
import { createMember, loginCookie } from '../test/app';
import { type TestDatabase, tempDataDir, testDatabase } from '../test/db';
import { type Child, startServer, stop } from '../test/process';
import { freePort, redisServer } from '../test/redis';

/**
 * Faults during a steady chat between two members on different instances (PostgreSQL, Redis), with
 * the browser's own receiving code (web/api: the socket events into the query cache, the catch-up
 * on `ready`, the history query): a Redis restart, then an instance killed (`kill -9`) between the
 * commit of a message and its events. Afterwards every acknowledged message is in the partner's
 * history, once. Runs on the CI's PostgreSQL stage, with a redis-server of its own (restarted here).
 */
const hasRedisServer = spawnSync('redis-server', ['--version']).status === 0;
const why = !process.env.TEST_DATABASE_URL
  ? 'needs TEST_DATABASE_URL: the instances must share a PostgreSQL database'
  : !hasRedisServer
    ? 'needs redis-server to restart one'
    : null;

/** A send goes over the socket first; without its answer within this long, over HTTP (as web/api/messages.ts). */
const SOCKET_SEND_TIMEOUT_MS = 5_000;
/** Each member sends about this often: under the flood limit of 120 a minute. */
const SEND_EVERY_MS = 600;
/** The spread of a catch-up after a `ready` on a live socket, as web/api/realtime.ts. */
const RESYNC_SPREAD_MS = 5_000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type Instance = Child & { url: string };
const alive = (i: Instance) => i.process.exitCode === null && i.process.signalCode === null;

/** Which browser a `fetch` of the web code belongs to: its cookie and the instance it talks to. */
const current = new AsyncLocalStorage<Browser>();
const realFetch = globalThis.fetch;

type Pending = { resolve: (m: SendMessageResponse) => void; reject: (e: Error) => void };

/**
 * One member's page: a socket to an instance (another one when that dies, as a load balancer
 * would), the web code's query cache with the chat open, and the member's sends.
 */
class Browser {
  readonly client = new QueryClient({ defaultOptions: { queries: { retry: 3, retryDelay: 200 } } });
  ws: WebSocket | null = null;
  connected = false;
  running = true;
  closed = false;
  readonly acked: ChatMessage[] = [];
  readonly pending = new Map<string, Pending>();
  /** Sends answered by HTTP after the socket lost them. */
  httpRetries = 0;
  private observerStop = () => {};
  private observer: InfiniteQueryObserver<MessagesCache> | null = null;

  constructor(
    readonly viewerId: number,
    readonly cookie: string,
    readonly conversationId: number,
    public instance: Instance,
    readonly instances: () => Instance[],
  ) {}

  run<T>(fn: () => T): T {
    return current.run(this, fn);
  }

  live(): Instance {
    if (alive(this.instance)) return this.instance;
    const next = this.instances().find(alive);
    if (!next) throw new Error('no instance left');
    this.instance = next;
    return next;
  }

  /** The chat screen: the history query, observed as useMessages does. */
  async open() {
    const observer = new InfiniteQueryObserver(this.client, historyQuery(this.conversationId));
    this.observer = observer as unknown as InfiniteQueryObserver<MessagesCache>;
    this.observerStop = this.run(() => observer.subscribe(() => {}));
    await vi.waitFor(() => expect(this.shown()).not.toBeUndefined(), { timeout: 10_000 });
  }

  connect() {
    if (this.closed) return;
    const instance = this.live();
    const port = new URL(instance.url).port;
    const ws = new WebSocket(`ws://127.0.0.1:${port}/api/ws`, {
      headers: { host: `main.test:${port}`, cookie: this.cookie },
      origin: `http://main.test:${port}`,
    });
    this.ws = ws;
    ws.on('message', (data) => {
      const event = JSON.parse(data.toString()) as ServerEvent;
      this.run(() => {
        if (event.type === 'ready') {
          if (this.connected)
            setTimeout(
              () => this.run(() => void catchUp(this.client, this.viewerId)),
              Math.random() * RESYNC_SPREAD_MS,
            );
          else {
            this.connected = true;
            void catchUp(this.client, this.viewerId);
          }
        }
        applyEvent(this.client, event, this.viewerId);
      });
      if (event.type === 'ack' || event.type === 'send_error') {
        const p = this.pending.get(event.client_id);
        this.pending.delete(event.client_id);
        if (event.type === 'ack') p?.resolve({ message: event.message, credits: event.credits });
        else p?.reject(new Error(event.error));
      }
    });
    ws.on('error', () => {});
    ws.on('close', () => {
      if (this.ws !== ws) return;
      this.ws = null;
      this.connected = false;
      for (const [id, p] of this.pending) {
        this.pending.delete(id);
        p.reject(new Error('socket closed'));
      }
      setTimeout(() => this.connect(), 200);
    });
  }

  private overSocket(frame: { client_id: string }): Promise<SendMessageResponse> | null {
    const ws = this.ws;
    if (!ws || !this.connected || ws.readyState !== ws.OPEN) return null;
    ws.send(JSON.stringify({ type: 'send', ...frame }));
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(frame.client_id);
        reject(new Error('timed out'));
      }, SOCKET_SEND_TIMEOUT_MS);
      this.pending.set(frame.client_id, {
        resolve: (m) => {
          clearTimeout(timer);
          resolve(m);
        },
        reject: (e) => {
          clearTimeout(timer);
          reject(e);
        },
      });
    });
  }

  /** Sends one text as the page does: over the socket, else (and after a loss) over HTTP, same client id. */
  async send(body: string) {
    const frame = { client_id: randomUUID(), conversation_id: this.conversationId, body };
    let answer = await this.overSocket(frame)?.catch(() => null);
    while (!answer) {
      if (this.closed) return;
      const instance = this.live();
      const port = new URL(instance.url).port;
      try {
        const res = await realFetch(`${instance.url}/api/messages.php`, {
          method: 'POST',
          headers: {
            host: `main.test:${port}`,
            cookie: this.cookie,
            'content-type': 'application/json',
            'x-requested-with': 'XMLHttpRequest',
          },
          body: JSON.stringify(frame),
        });
        if (res.ok) {
          answer = (await res.json()) as SendMessageResponse;
          this.httpRetries++;
        } else await sleep(300);
      } catch {
        await sleep(200);
      }
    }
    const saved = answer.message;
    this.acked.push(saved);
    this.run(() => addMessage(this.client, saved, this.viewerId));
  }

  /** Sends steadily until stopped. */
  async exchange(label: string) {
    for (let i = 0; this.running; i++) {
      const started = Date.now();
      await this.send(`${label} ${i}`);
      await sleep(Math.max(0, SEND_EVERY_MS - (Date.now() - started)));
    }
  }

  /** Scrolls the chat up to its first message: older pages load as on the screen. */
  async scrollUp() {
    const observer = this.observer;
    if (!observer) return;
    while (observer.getCurrentResult().hasNextPage) await this.run(() => observer.fetchNextPage());
  }

  /** The message ids the chat screen shows (the history in the cache), repeats included. */
  shown(): number[] | undefined {
    return this.client
      .getQueryData<MessagesCache>(messagesKey(this.conversationId))
      ?.pages.flatMap((p) => p.messages.map((m) => m.id));
  }

  close() {
    this.running = false;
    this.closed = true;
    this.observerStop();
    const ws = this.ws;
    this.ws = null;
    ws?.close();
  }
}

describe.skipIf(why !== null)(`a chat through faults${why ? ` (skipped: ${why})` : ''}`, () => {
  let shared: TestDatabase | undefined;
  const children: Child[] = [];
  const folders: (() => void)[] = [];
  const browsers: Browser[] = [];
  let redis: ReturnType<typeof redisServer> | undefined;

  afterAll(async () => {
    for (const b of browsers) b.close();
    for (const c of children) stop(c);
    await redis?.stop();
    vi.unstubAllGlobals();
    await shared?.destroy();
    for (const remove of folders) remove();
  });

  async function instance(env: NodeJS.ProcessEnv = {}): Promise<Instance> {
    const { dataDir, remove } = tempDataDir();
    folders.push(remove);
    const server = await startServer(dataDir, {
      DATABASE_URL: shared?.config.databaseUrl,
      REDIS_URL: redis?.url,
      // Warnings on: the outage's own log lines are part of what must not take an instance down.
      LOG_LEVEL: 'warn',
      ...env,
    });
    children.push(server);
    return server;
  }

  test('every acknowledged message reaches the partner once, through a Redis restart and a kill -9 after commit', async () => {
    shared = await testDatabase();
    redis = redisServer(await freePort());
    await redis.start();
    const db = shared.database.db;
    const [one, two] = [await createMember(db), await createMember(db)];
    await db.update(members).set({ credits: 100_000 }).where(eq(members.id, one.id));
    await db.update(members).set({ credits: 100_000 }).where(eq(members.id, two.id));
    const [cookieOne, cookieTwo] = [await loginCookie(db, one.id), await loginCookie(db, two.id)];

    const a = await instance();
    // C dies right after the commit of its fourth message, before its events (fault-injection.ts).
    const [b, c] = await Promise.all([instance(), instance({ TEST_KILL_AFTER_COMMITS: '4' })]);
    const instances = () => [a, b, c];

    // The web code's calls (`fetch('/api/…')`) go to the instance of the browser they run for.
    vi.stubGlobal('fetch', (input: string | URL | Request, init: RequestInit = {}) => {
      const browser = current.getStore();
      if (!browser || typeof input !== 'string' || !input.startsWith('/'))
        throw new Error(`a fetch outside a browser: ${String(input)}`);
      const instance = browser.live();
      const port = new URL(instance.url).port;
      return realFetch(`${instance.url}${input}`, {
        ...init,
        headers: {
          ...(init.headers as Record<string, string>),
          host: `main.test:${port}`,
          cookie: browser.cookie,
        },
      });
    });

    const start = await realFetch(`${a.url}/api/messages.php`, {
      method: 'POST',
      headers: {
        host: `main.test:${new URL(a.url).port}`,
        cookie: cookieOne,
        'content-type': 'application/json',
        'x-requested-with': 'XMLHttpRequest',
      },
      body: JSON.stringify({ client_id: randomUUID(), member_id: two.id, body: 'Hallo!' }),
    });
    expect(start.status).toBe(200);
    const first = ((await start.json()) as SendMessageResponse).message;
    const conversation = first.conversation_id;

    const pageOne = new Browser(one.id, cookieOne, conversation, a, instances);
    const pageTwo = new Browser(two.id, cookieTwo, conversation, b, instances);
    browsers.push(pageOne, pageTwo);
    pageOne.acked.push(first);
    for (const page of browsers) {
      await page.open();
      page.connect();
    }
    await vi.waitFor(() => expect(pageOne.connected && pageTwo.connected).toBe(true), { timeout: 10_000 });
    const exchanges = [pageOne.exchange('een'), pageTwo.exchange('twee')];

    // A steady exchange, then Redis goes away for 3 s and comes back.
    await sleep(3_000);
    await redis.stop();
    const sentBefore = pageOne.acked.length + pageTwo.acked.length;
    await sleep(3_000);
    expect(pageOne.acked.length + pageTwo.acked.length).toBeGreaterThan(sentBefore + 4);
    await redis.start();
    await sleep(8_000);

    // Member one's page moves to C, which dies between a commit and its events; the page sends the
    // lost message again over HTTP to another instance, while member two's socket on B stays up.
    const retriedBefore = pageOne.httpRetries;
    pageOne.instance = c;
    pageOne.ws?.close();
    expect(await c.exited).toBe('SIGKILL');
    await vi.waitFor(() => expect(pageOne.httpRetries).toBeGreaterThan(retriedBefore), { timeout: 15_000 });
    await sleep(4_000);

    for (const page of browsers) page.running = false;
    await Promise.all(exchanges);
    // Events in flight and the catch-ups of a last `ready` settle.
    await sleep(RESYNC_SPREAD_MS + 2_000);

    const stored = await db
      .select({ id: messages.id })
      .from(messages)
      .where(eq(messages.conversationId, conversation));
    const ackedIds = (page: Browser) => page.acked.map((m) => m.id).sort((x, y) => x - y);
    expect([...ackedIds(pageOne), ...ackedIds(pageTwo)].sort((x, y) => x - y)).toEqual(
      stored.map((m) => m.id).sort((x, y) => x - y),
    );
    for (const page of browsers) await page.scrollUp();
    for (const [page, partner] of [
      [pageOne, pageTwo],
      [pageTwo, pageOne],
    ] as const) {
      const shown = page.shown() ?? [];
      const unseen = ackedIds(partner).filter((id) => !shown.includes(id));
      const twice = shown.filter((id, i) => shown.indexOf(id) !== i);
      expect({ unseen, twice }).toEqual({ unseen: [], twice: [] });
    }
  }, 150_000);
});
