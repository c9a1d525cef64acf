import cluster from 'node:cluster';
import { createHash, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  AggregatorRegistry,
  Counter,
  collectDefaultMetrics,
  Gauge,
  Histogram,
  type Metric,
  Registry,
} from 'prom-client';

/**
 * The Prometheus metrics of this process. One registry per process, not per app: what is measured
 * (the event loop, the pool, the sockets of this process) belongs to the process, and node:cluster's
 * primary asks each worker for this registry to sum them (`serveClusterMetrics`). Everything here is
 * cheap enough to count always; it is served only when METRICS_PORT or METRICS_TOKEN is set.
 */
export const registry = new Registry();

export type MetricsOptions = {
  /** A port of its own; undefined serves `/api/metrics` on the app's port behind the token. */
  port: number | undefined;
  host: string;
  /** The bearer token a scrape must show; undefined with no port: no metrics at all. */
  token: string | undefined;
};

export const httpRequestDuration = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'HTTP requests by matched route pattern, method and status class',
  labelNames: ['route', 'method', 'status_class'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

export const openSockets = new Gauge({
  name: 'ws_open_sockets',
  help: 'Member sockets open on this process',
  registers: [registry],
});

export const chatMessagesSent = new Counter({
  name: 'chat_messages_sent_total',
  help: 'Chat messages written (a retried send of the same message counts once), by kind',
  labelNames: ['kind'] as const,
  registers: [registry],
});

export const chatMessagesDelivered = new Counter({
  name: 'chat_messages_delivered_total',
  help: 'Message events written to a member socket (a message reaches each open socket of both members)',
  registers: [registry],
});

export const busPublishFailures = new Counter({
  name: 'event_bus_publish_failures_total',
  help: 'Events that could not be published on Redis (the receivers catch up over HTTP later)',
  registers: [registry],
});

export const busLag = new Histogram({
  name: 'event_bus_lag_seconds',
  help: 'From publishing on one instance to delivery on another (needs synchronised clocks)',
  buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
  registers: [registry],
});

export const jobRuns = new Counter({
  name: 'scheduled_job_runs_total',
  help: 'Runs of a scheduled job that did its work on this process (not those left to another instance)',
  labelNames: ['job'] as const,
  registers: [registry],
});

export const jobFailures = new Counter({
  name: 'scheduled_job_failures_total',
  help: 'Runs of a scheduled job that failed',
  labelNames: ['job'] as const,
  registers: [registry],
});

/** How a request ended, as few label values as an alert needs: 2xx, 4xx, 5xx… */
export function observeRequest(route: string | undefined, method: string, status: number, ms: number) {
  // The matched pattern, never the address: an address would make a series per member id.
  httpRequestDuration.observe(
    { route: route ?? 'unmatched', method, status_class: `${Math.floor(status / 100)}xx` },
    ms / 1000,
  );
}

/**
 * Counts a scheduled job's run: a run that resolves to null was left to another instance (the
 * lease of the interval), one that throws is a failure. Resolves or rejects as `run` does.
 */
export function countJob<T>(job: string, run: Promise<T>): Promise<T> {
  return run.then(
    (result) => {
      if (result !== null) jobRuns.inc({ job });
      return result;
    },
    (err: unknown) => {
      jobFailures.inc({ job });
      throw err;
    },
  );
}

/** What pg.Pool tells of itself. */
type PoolCounts = { totalCount: number; idleCount: number; waitingCount: number };
const pools = new Set<PoolCounts>();

function poolGauge(name: string, help: string, read: (pool: PoolCounts) => number): Metric {
  return new Gauge({
    name,
    help,
    registers: [],
    collect() {
      let sum = 0;
      for (const pool of pools) sum += read(pool);
      this.set(sum);
    },
  });
}

const poolGauges = [
  poolGauge('db_pool_connections', 'PostgreSQL connections open in the pool', (p) => p.totalCount),
  poolGauge('db_pool_idle', 'PostgreSQL connections open and unused', (p) => p.idleCount),
  poolGauge('db_pool_waiting', 'Queries waiting for a free PostgreSQL connection', (p) => p.waitingCount),
];

/**
 * Reports a PostgreSQL pool's use until the returned function is called (when it closes). The
 * gauges appear with the first pool: the embedded database has none.
 */
export function watchPool(pool: PoolCounts): () => void {
  if (pools.size === 0 && !registry.getSingleMetric('db_pool_connections'))
    for (const gauge of poolGauges) registry.registerMetric(gauge);
  pools.add(pool);
  return () => {
    pools.delete(pool);
  };
}

let processMetrics = false;

/** Event-loop delay, memory, CPU, handles: once per process, when metrics are served at all. */
export function collectProcessMetrics() {
  if (processMetrics) return;
  processMetrics = true;
  collectDefaultMetrics({ register: registry });
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Whether an Authorization header shows the token: 401 without a bearer token, 403 with another
 * one. Compared as digests in constant time, so the answer's timing tells nothing of the token.
 */
export function tokenStatus(header: string | undefined, token: string): 200 | 401 | 403 {
  const shown = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '')?.[1];
  if (shown === undefined) return 401;
  return timingSafeEqual(digest(shown), digest(token)) ? 200 : 403;
}

/** The text Prometheus reads, of this process or (on a cluster's primary) of every worker. */
type Source = () => Promise<string>;

function serve(options: MetricsOptions, source: Source, contentType: string): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (req.method !== 'GET' || path !== '/metrics') {
      res.writeHead(404).end();
      return;
    }
    // Bound to loopback by default; a token, when set, guards a port opened to a network too.
    const status = options.token ? tokenStatus(req.headers.authorization, options.token) : 200;
    if (status !== 200) {
      res.writeHead(status, status === 401 ? { 'www-authenticate': 'Bearer' } : {}).end();
      return;
    }
    source().then(
      (text) => res.writeHead(200, { 'content-type': contentType, 'cache-control': 'no-store' }).end(text),
      () => res.writeHead(500).end(),
    );
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve(server);
    });
  });
}

/** Serves this process's metrics at `/metrics` on METRICS_PORT. */
export function serveMetrics(options: MetricsOptions): Promise<http.Server> {
  return serve(options, () => registry.metrics(), registry.contentType);
}

/**
 * On a cluster's primary (WORKERS > 1): serves at `/metrics` the sum of every worker's metrics,
 * which each worker hands over when asked (`offerToPrimary`). A worker that is replaced starts its
 * counters again, which Prometheus reads as a counter reset.
 */
export function serveClusterMetrics(options: MetricsOptions): Promise<http.Server> {
  const aggregator = new AggregatorRegistry();
  return serve(options, () => aggregator.clusterMetrics(), aggregator.contentType);
}

/** In a cluster worker: answer the primary's requests for this process's metrics. */
export function offerToPrimary() {
  if (!cluster.isWorker) return;
  // Constructing one sets up the worker's answer to the primary (prom-client's cluster module).
  new AggregatorRegistry();
  AggregatorRegistry.setRegistries([registry]);
}

export const serverPort = (server: http.Server) => (server.address() as AddressInfo).port;
