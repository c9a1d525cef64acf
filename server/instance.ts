import cluster from 'node:cluster';
import type { AddressInfo } from 'node:net';
import { buildApp } from './app';
import type { Config } from './config';
import type { Database } from './db/client';
import { RedisBus } from './infra/events/redis';
import { type Logger, serverLogger } from './infra/log';
import { startAccountPurge } from './services/accounts/account-purge';
import { startNotifications } from './services/notifications/job';

/**
 * One server process: the app on an open database, listening. SIGTERM or SIGINT drains the
 * requests in flight, closes the database, calls `release` (the data folder lock) and exits 0.
 * Resolves with the port it listens on. `log` is the process's logger, shared with the app.
 */
export async function runInstance(
  config: Config,
  database: Database,
  release: () => void = () => {},
  log: Logger = serverLogger(config),
): Promise<number> {
  // With REDIS_URL, events reach sockets on every instance and process; without it, the in-process bus.
  const events = config.redisUrl ? new RedisBus(config.redisUrl, log) : undefined;
  const app = await buildApp({ config, database, events, logger: log });
  // Every instance runs the timer; the database lets one of them purge per interval.
  const stopPurge = startAccountPurge(app.services, app.log);
  // Every instance sends due notification mails (each once) and offers to run the scheduled job.
  const stopNotifications = startNotifications(app.services, app.log);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    // Readiness turns 503 first: the load balancer takes this instance out while it still serves.
    app.readiness.draining = true;
    if (config.drainSeconds > 0) {
      app.log.info({ signal, seconds: config.drainSeconds }, 'not ready: waiting for the load balancer');
      await new Promise((resolve) => setTimeout(resolve, config.drainSeconds * 1000));
    }
    app.log.info({ signal }, 'draining requests and closing the database');
    try {
      await stopPurge();
      await stopNotifications();
      await app.close();
      await database.close();
    } finally {
      release();
      process.exit(0);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  return (app.server.address() as AddressInfo).port;
}

/**
 * The primary of a multi-process server (WORKERS > 1, PostgreSQL only): forks `count` copies of
 * this entry point, which node:cluster lets share one port, and resolves with that port once every
 * one listens. A worker that dies later is replaced. SIGTERM or SIGINT is passed on, each worker
 * drains its own requests, and the primary exits 0 once all have ended.
 */
export function startWorkers(count: number, log: (line: string) => void = console.error): Promise<number> {
  return new Promise((resolve, reject) => {
    let listening = 0;
    let started = false;
    let closing = false;
    let exitCode = 0;
    const alive = () => Object.values(cluster.workers ?? {}).filter(Boolean).length;
    cluster.on('listening', (_worker, address) => {
      listening++;
      if (!started && listening === count) {
        started = true;
        resolve(address.port);
      }
    });
    cluster.on('exit', (worker, code, signal) => {
      if (closing) {
        if (alive() === 0) process.exit(exitCode);
        return;
      }
      if (!started) {
        // A worker that cannot start (port taken, database down) would fail again: stop them all.
        closing = true;
        exitCode = 1;
        for (const w of Object.values(cluster.workers ?? {})) w?.process.kill('SIGTERM');
        reject(new Error(`a server process exited while starting (${code ?? signal})`));
        return;
      }
      log(`server process ${worker.process.pid} exited (${code ?? signal}); starting another`);
      cluster.fork();
    });
    const shutdown = (signal: NodeJS.Signals) => {
      if (closing) return;
      closing = true;
      if (alive() === 0) process.exit(0);
      for (const w of Object.values(cluster.workers ?? {})) w?.process.kill(signal);
    };
    process.on('SIGTERM', () => shutdown('SIGTERM'));
    process.on('SIGINT', () => shutdown('SIGINT'));
    for (let i = 0; i < count; i++) cluster.fork();
  });
}
