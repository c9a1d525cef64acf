import type { Redis } from 'ioredis';
import { afterEach, expect, test } from 'vitest';
import type { ServerEvent } from '../../../common/api/events';
import { redisAnswers, TEST_REDIS_URL } from '../../test/redis';
import { RedisBus } from './redis';

// Needs the Redis the CI starts (locally: redis-server --daemonize yes --bind 127.0.0.1 --save '').
const hasRedis = await redisAnswers();
const buses: RedisBus[] = [];
afterEach(async () => {
  await Promise.all(buses.splice(0).map((b) => b.close()));
});

test.skipIf(!hasRedis)(
  "events published while this instance's publisher was away: their members are told `ready` on the other instances",
  async () => {
    const sender = new RedisBus(TEST_REDIS_URL);
    const other = new RedisBus(TEST_REDIS_URL);
    buses.push(sender, other);
    const memberId = 1_000_000_000 + Math.floor(Math.random() * 1_000_000_000);
    const heard: ServerEvent[] = [];
    other.subscribe(memberId, (e) => heard.push(e));
    await other.ready(memberId);
    await sender.check();
    // Only the sender's publisher drops (the other instance's connections stay up, so nothing
    // else would make its sockets catch up).
    const publisher = (sender as unknown as { publisher: Redis }).publisher;
    publisher.disconnect(true);
    await expect.poll(() => publisher.status, { interval: 1 }).not.toBe('ready');
    sender.publish(memberId, { type: 'credits', credits: 1 });
    await expect.poll(() => heard.some((e) => e.type === 'ready'), { timeout: 8_000 }).toBe(true);
  },
  15_000,
);
