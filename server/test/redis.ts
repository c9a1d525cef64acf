import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import net from 'node:net';

/** The Redis the CI starts (redis-server on loopback); tests that need it are skipped without it. */
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Whether something accepts connections at the test Redis address. */
export function redisAnswers(url = TEST_REDIS_URL): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect(Number(port || 6379), hostname);
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1_000, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/** Whether this machine has a redis-server to start (CI installs it). */
export const hasRedisServer = spawnSync('redis-server', ['--version']).status === 0;

/** A port nothing listens on now, for a server a test starts itself. */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * A redis-server of a test's own on its own port, to stop and start again mid-test: the outage an
 * operator sees. Stopped with SIGKILL, as a crash would.
 */
export function redisServer(port: number) {
  let child: ChildProcess | null = null;
  const url = `redis://127.0.0.1:${port}`;
  return {
    url,
    async start() {
      child = spawn(
        'redis-server',
        ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
        {
          stdio: 'ignore',
        },
      );
      for (let i = 0; i < 100 && !(await redisAnswers(url)); i++) await new Promise((r) => setTimeout(r, 50));
      if (!(await redisAnswers(url))) throw new Error('redis-server did not start');
    },
    async stop() {
      const c = child;
      child = null;
      if (!c || c.exitCode !== null) return;
      const exited = new Promise((r) => c.once('exit', r));
      c.kill('SIGKILL');
      await exited;
    },
  };
}
