import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import type { ServerEvent } from '../../../common/api/events';
import { busLag, busPublishFailures } from '../metrics';
import type { EventBus, EventListener } from './bus';
import { InProcessBus } from './in-process';

type Log = { warn: (obj: object, msg: string) => void; info: (obj: object, msg: string) => void };

/** How long a socket waits for Redis to confirm its subscription before it says `ready` anyway. */
const READY_TIMEOUT_MS = 3_000;

const channel = (memberId: number) => `ev:${memberId}`;

/** How long a connected client may take to say goodbye before the connection is simply dropped. */
const QUIT_TIMEOUT_MS = 2_000;

/**
 * Ends a connection: politely when Redis answers, at once when it does not. A QUIT sent while
 * Redis is down waits for a reconnect that may never come, and would hold the shutdown forever.
 */
async function endConnection(client: Redis): Promise<void> {
  if (client.status !== 'ready') {
    client.disconnect();
    return;
  }
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      client.quit(),
      new Promise((resolve) => {
        timer = setTimeout(resolve, QUIT_TIMEOUT_MS);
      }),
    ]);
  } finally {
    clearTimeout(timer);
    client.disconnect();
  }
}

/**
 * The bus of several instances (REDIS_URL): an event is delivered at once to this instance's sockets
 * and published on Redis for the others.
 *
 * One channel per member, subscribed only while a member has a socket here: an instance receives
 * only the events of its own members, so the Redis traffic per instance does not grow with the
 * number of instances (a shared channel would hand every instance every event). Redis handles tens
 * of thousands of channels per connection without trouble. Each payload names the instance it came
 * from, so the publisher skips its own echo and delivers locally without the round trip.
 *
 * Pub/sub is at most once: while the subscriber connection is down, events are lost. When it comes
 * back (ioredis subscribes again by itself) every local socket gets `ready`, which makes the browser
 * catch up over HTTP, as after its own reconnect.
 */
export class RedisBus implements EventBus {
  private readonly local = new InProcessBus();
  private readonly publisher: Redis;
  private readonly subscriber: Redis;
  private readonly origin = randomBytes(6).toString('base64url');
  /** Subscriptions sent and not yet confirmed, by member. */
  private readonly pending = new Map<number, Promise<unknown>>();
  private connectedOnce = false;
  /** Members whose events were published while the publisher was not connected. */
  private readonly unheard = new Set<number>();

  constructor(url: string, log?: Log) {
    // Separate connections: a connection in subscriber mode cannot publish.
    this.publisher = new Redis(url, { maxRetriesPerRequest: 2 });
    this.subscriber = new Redis(url, { maxRetriesPerRequest: null });
    // ioredis retries every few hundred ms and reports each failed try: the log gets one line when
    // Redis stops answering and one when both connections are back, not a line per try.
    let down = false;
    const lost = (err: Error) => {
      if (down) return;
      down = true;
      log?.warn({ err: err.message }, 'redis unreachable');
    };
    const back = () => {
      if (!down || this.publisher.status !== 'ready' || this.subscriber.status !== 'ready') return;
      down = false;
      log?.info({}, 'redis back');
    };
    this.publisher.on('error', lost);
    this.subscriber.on('error', lost);
    this.publisher.on('ready', back);
    this.subscriber.on('ready', back);
    this.subscriber.on('message', (ch: string, payload: string) => this.received(ch, payload));
    this.subscriber.on('ready', () => {
      if (this.connectedOnce) this.resync();
      this.connectedOnce = true;
    });
    this.publisher.on('ready', () => this.tellUnheard());
  }

  publish(memberIds: number | readonly number[], event: ServerEvent, skip?: EventListener): void {
    const ids = typeof memberIds === 'number' ? [memberIds] : memberIds;
    if (ids.length === 0) return;
    for (const id of ids) this.local.deliver(id, event, skip);
    if (this.publisher.status !== 'ready') for (const id of ids) this.unheard.add(id);
    // `t`, the time of publishing, measures the lag on the receiving side; older payloads lack it.
    const payload = JSON.stringify({ o: this.origin, e: event, t: Date.now() });
    const pipeline = this.publisher.pipeline();
    for (const id of ids) pipeline.publish(channel(id), payload);
    // A lost event is caught up by the browser over HTTP; it must not fail the request that caused it.
    pipeline
      .exec()
      .then((results) => busPublishFailures.inc(results?.filter(([err]) => err).length ?? 0))
      .catch(() => busPublishFailures.inc(ids.length));
  }

  subscribe(memberId: number, listener: EventListener): () => void {
    const first = !this.local.hasListeners(memberId);
    const unsubscribe = this.local.subscribe(memberId, listener);
    // Commands on one connection run in order, so a quick unsubscribe and subscribe end subscribed.
    if (first) this.track(memberId, this.subscriber.subscribe(channel(memberId)));
    let done = false;
    return () => {
      if (done) return;
      done = true;
      unsubscribe();
      if (!this.local.hasListeners(memberId))
        this.track(memberId, this.subscriber.unsubscribe(channel(memberId)));
    };
  }

  ready(memberId: number): Promise<void> {
    const pending = this.pending.get(memberId);
    if (!pending) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, READY_TIMEOUT_MS);
      void pending.finally(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  async check(): Promise<void> {
    if (this.subscriber.status !== 'ready') throw new Error(`subscriber ${this.subscriber.status}`);
    await this.publisher.ping();
  }

  async close(): Promise<void> {
    await Promise.allSettled([endConnection(this.publisher), endConnection(this.subscriber)]);
    await this.local.close();
  }

  private track(memberId: number, command: Promise<unknown>) {
    const settled = command.catch(() => {});
    this.pending.set(memberId, settled);
    void settled.then(() => {
      if (this.pending.get(memberId) === settled) this.pending.delete(memberId);
    });
  }

  private received(ch: string, payload: string) {
    const memberId = Number(ch.slice(3));
    if (!this.local.hasListeners(memberId)) return;
    let parsed: { o?: string; e?: ServerEvent; t?: unknown };
    try {
      parsed = JSON.parse(payload);
    } catch {
      return;
    }
    if (parsed.o === this.origin || !parsed.e) return;
    if (typeof parsed.t === 'number') busLag.observe(Math.max(0, Date.now() - parsed.t) / 1000);
    this.local.deliver(memberId, parsed.e);
  }

  /**
   * After the publisher reconnected: what it published meanwhile did not reach the other instances,
   * whose own connections may have stayed up, so the members it was for are told `ready` there.
   */
  private tellUnheard() {
    if (this.unheard.size === 0) return;
    const payload = JSON.stringify({ o: this.origin, e: { type: 'ready' } });
    const pipeline = this.publisher.pipeline();
    for (const id of this.unheard) pipeline.publish(channel(id), payload);
    this.unheard.clear();
    pipeline.exec().catch(() => {});
  }

  /** After the subscriber reconnected: events may have been lost, so every local socket catches up. */
  private resync() {
    for (const memberId of this.local.members()) this.local.deliver(memberId, { type: 'ready' });
  }
}
