import { afterEach, describe, expect, test } from 'vitest';
import type { ServerEvent } from '../../../common/api/events';
import { redisAnswers, TEST_REDIS_URL } from '../../test/redis';
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

describe.skipIf(!hasRedis)('the Redis bus', () => {
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
