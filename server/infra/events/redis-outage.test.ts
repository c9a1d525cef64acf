import { afterAll, describe, expect, test } from 'vitest';
import { freePort, hasRedisServer, redisAnswers, redisServer } from '../../test/redis';
import { RedisBus } from './redis';

// A Redis of this test's own, on a port it stops and starts again: the outage an operator sees.

async function until(condition: () => boolean | Promise<boolean>, timeoutMs = 10_000) {
  const end = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

let redis: ReturnType<typeof redisServer> | null = null;
const url = () => redis?.url ?? '';
const startRedis = async () => {
  await redis?.start();
};
const stopRedis = async () => {
  await redis?.stop();
  await until(async () => !(await redisAnswers(url())));
};

afterAll(async () => {
  await redis?.stop();
});

describe.skipIf(!hasRedisServer)('a Redis outage in the log', () => {
  test('one line when Redis stops answering and one when it is back, not one per retry', async () => {
    redis = redisServer(await freePort());
    await startRedis();
    const lines: { level: string; msg: string }[] = [];
    const log = {
      warn: (_obj: object, msg: string) => lines.push({ level: 'warn', msg }),
      info: (_obj: object, msg: string) => lines.push({ level: 'info', msg }),
    };
    const bus = new RedisBus(url(), log);
    // A member with a socket here: the subscriber connection is in subscriber mode, as in production.
    const unsubscribe = bus.subscribe(1, () => {});
    try {
      await until(() =>
        bus.check().then(
          () => true,
          () => false,
        ),
      );
      expect(lines).toEqual([]);

      await stopRedis();
      // ioredis retries several times a second meanwhile.
      await new Promise((r) => setTimeout(r, 2_500));
      expect(lines).toEqual([{ level: 'warn', msg: 'redis unreachable' }]);

      await startRedis();
      await until(() => lines.length > 1);
      await bus.check();
      await new Promise((r) => setTimeout(r, 500));
      expect(lines).toEqual([
        { level: 'warn', msg: 'redis unreachable' },
        { level: 'info', msg: 'redis back' },
      ]);
    } finally {
      unsubscribe();
      await bus.close();
    }
  }, 60_000);

  test('a server stopping during the outage stops: closing the bus does not wait for Redis', async () => {
    redis = redisServer(await freePort());
    await startRedis();
    const bus = new RedisBus(url());
    const unsubscribe = bus.subscribe(1, () => {});
    await until(() =>
      bus.check().then(
        () => true,
        () => false,
      ),
    );
    await stopRedis();
    await new Promise((r) => setTimeout(r, 500));
    unsubscribe();
    const closed = await Promise.race([
      bus.close().then(() => 'closed'),
      new Promise((resolve) => setTimeout(() => resolve('still waiting'), 5_000)),
    ]);
    expect(closed).toBe('closed');
  }, 30_000);
});
