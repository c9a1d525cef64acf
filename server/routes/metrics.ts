import cluster from 'node:cluster';
import type { Server } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import {
  collectProcessMetrics,
  type MetricsOptions,
  observeRequest,
  offerToPrimary,
  registry,
  serveMetrics,
  tokenStatus,
} from '../infra/metrics';
import { sendError } from '../plugins/errors';

declare module 'fastify' {
  interface FastifyInstance {
    /** The server of METRICS_PORT while this app is ready (null without one, or in a cluster worker). */
    metricsServer: Server | null;
  }
}

/**
 * Prometheus metrics, never public: on a port of their own (METRICS_PORT, loopback by default),
 * or else at GET /api/metrics for the bearer METRICS_TOKEN. Without either nothing is served and
 * no request is timed. Not encapsulated: the request timing covers every route of the app.
 */
async function metricsPlugin(app: FastifyInstance, options: MetricsOptions) {
  app.decorate('metricsServer', null);
  if (options.port === undefined && options.token === undefined) return;
  collectProcessMetrics();
  app.addHook('onResponse', async (request, reply) =>
    observeRequest(request.routeOptions.url, request.method, reply.statusCode, reply.elapsedTime),
  );

  if (options.port !== undefined) {
    // Workers share the app's port through the primary, which serves the sum of their metrics.
    if (cluster.isWorker) return offerToPrimary();
    app.addHook('onReady', async () => {
      app.metricsServer = await serveMetrics(options);
    });
    app.addHook('onClose', async () => {
      const server = app.metricsServer;
      if (server) await new Promise((resolve) => server.close(resolve));
    });
    return;
  }

  const token = options.token as string;
  app.get(
    '/api/metrics',
    // A scraper addresses the instance itself, by no site's name.
    { config: { siteless: true }, schema: { hide: true } },
    async (request, reply) => {
      const status = tokenStatus(request.headers.authorization, token);
      if (status === 401) reply.header('www-authenticate', 'Bearer');
      if (status !== 200) return sendError(request, reply, status, 'authentication_required');
      return reply.type(registry.contentType).send(await registry.metrics());
    },
  );
}

export const metricsRoutes = fp(metricsPlugin);
