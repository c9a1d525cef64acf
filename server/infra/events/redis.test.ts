import { Redis } from 'ioredis';
import { afterEach, describe, expect, onTestFinished, test } from 'vitest';
import type { ServerEvent } from '../../../common/api/events';
import { redisAnswers, TEST_REDIS_URL } from '../../test/redis';
import { registry } from '../metrics';
import { RedisBus } from './redis';

// Needs the Redis the CI starts (locally: redis-server --daemonize yes --bind 127.0.0.1 --save '').
const hasRedis = await redisAnswers();
const buses: RedisBus[] = [];
afterEach(async () => {
  await Promise.all(buses.splice(0).map((b) => b.close()));
});

function bus() {
  const b = new RedisBus(TEST_REDIS_URL);
  buses.push(b);
  return b;
}

/** Member ids no other test run uses at the same time on the shared Redis. */
const memberId = () => 1_000_000_000 + Math.floor(Math.random() * 1_000_000_000);

function collector() {
  const got: ServerEvent[] = [];
  const waiters: (() => void)[] = [];
  return {
    got,
    listener: (e: ServerEvent) => {
      got.push(e);
      for (const w of waiters.splice(0)) w();
    },
    until: (n: number) =>
      new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`only ${got.length} of ${n} events`)), 5_000);
        const check = () => {
          if (got.length >= n) {
            clearTimeout(timer);
            resolve();
          } else waiters.push(check);
        };
        check();
      }),
  };
}

/** A counter's or histogram's count in this process's metrics. */
async function count(name: string): Promise<number> {
  const text = await registry.getSingleMetricAsString(name);
  return Number(new RegExp(`^${name}(?:_count)? (\\d+)$`, 'm').exec(text)?.[1] ?? 0);
}

test('a publish Redis does not take is counted as a failure, and fails nothing else', async () => {
  // Nothing listens on port 1: the publisher gives up after its retries.
  const b = new RedisBus('redis://127.0.0.1:1');
  type Connection = { disconnect: () => void };
  const { publisher, subscriber } = b as unknown as { publisher: Connection; subscriber: Connection };
  onTestFinished(() => {
    // Not close(): its goodbye would wait for a Redis that never answers.
    publisher.disconnect();
    subscriber.disconnect();
  });
  const before = await count('event_bus_publish_failures_total');
  const heard = collector();
  b.subscribe(7, heard.listener);
  b.publish([7, 8], { type: 'credits', credits: 1 });
  // This instance's own sockets get it at once all the same.
  expect(heard.got).toEqual([{ type: 'credits', credits: 1 }]);
  await expect.poll(() => count('event_bus_publish_failures_total'), { timeout: 5_000 }).toBe(before + 2);
});

describe.skipIf(!hasRedis)('the Redis bus', () => {
  test('the lag from publishing to delivery on another instance is measured; a payload without its time still arrives', async () => {
    const a = bus();
    const b = bus();
    const id = memberId();
    const onB = collector();
    b.subscribe(id, onB.listener);
    await b.ready(id);
    const before = await count('event_bus_lag_seconds');
    a.publish(id, { type: 'credits', credits: 5 });
    await onB.until(1);
    expect(await count('event_bus_lag_seconds')).toBe(before + 1);
    // As an instance of the previous release publishes: no time in the payload.
    const old = new Redis(TEST_REDIS_URL);
    try {
      await old.publish(`ev:${id}`, JSON.stringify({ o: 'previous', e: { type: 'credits', credits: 6 } }));
    } finally {
      old.disconnect();
    }
    await onB.until(2);
    expect(onB.got).toEqual([
      { type: 'credits', credits: 5 },
      { type: 'credits', credits: 6 },
    ]);
    expect(await count('event_bus_lag_seconds')).toBe(before + 1);
  });

  test('an event published on one instance reaches the member on another, once', async () => {
    const a = bus();
    const b = bus();
    const id = memberId();
    const onB = collector();
    const onA = collector();
    b.subscribe(id, onB.listener);
    a.subscribe(id, onA.listener);
    await Promise.all([a.ready(id), b.ready(id)]);
    a.publish(id, { type: 'credits', credits: 5 });
    a.publish([id], { type: 'like', member_id: 3, match: true });
    await onB.until(2);
    await onA.until(2);
    // Give a duplicate (an echo of A's own publish) the time to show up.
    await new Promise((r) => setTimeout(r, 100));
    expect(onB.got).toEqual([
      { type: 'credits', credits: 5 },
      { type: 'like', member_id: 3, match: true },
    ]);
    expect(onA.got).toEqual(onB.got);
  });

  test('an instance without sockets of the member does not receive its events; unsubscribe stops them', async () => {
    const a = bus();
    const b = bus();
    const id = memberId();
    const onB = collector();
    const stop = b.subscribe(id, onB.listener);
    await b.ready(id);
    a.publish(id, { type: 'credits', credits: 1 });
    await onB.until(1);
    stop();
    stop();
    await b.ready(id);
    a.publish(id, { type: 'credits', credits: 2 });
    await new Promise((r) => setTimeout(r, 100));
    expect(onB.got).toEqual([{ type: 'credits', credits: 1 }]);
  });

  test('after the subscriber connection is lost and back, local sockets are told to catch up', async () => {
    const b = bus();
    const id = memberId();
    const onB = collector();
    b.subscribe(id, onB.listener);
    await b.ready(id);
    // Cut the subscriber's connection the way a Redis restart would.
    const subscriber = (b as unknown as { subscriber: { disconnect: (reconnect: boolean) => void } })
      .subscriber;
    subscriber.disconnect(true);
    await onB.until(1);
    expect(onB.got).toEqual([{ type: 'ready' }]);
  });
});
