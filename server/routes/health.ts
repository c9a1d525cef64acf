import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dependencyChecks } from '../infra/probes';

declare module 'fastify' {
  interface FastifyInstance {
    /** Set on SIGTERM: readiness answers 503 while requests still drain (instance.ts). */
    readiness: { draining: boolean };
  }
  interface FastifyContextConfig {
    /** The route needs no site: answered without looking one up (probes during a database outage). */
    siteless?: boolean;
  }
}

const readiness = z.object({
  status: z.enum(['ready', 'unavailable']),
  /** The parts that do not answer, and `draining` while the instance stops. */
  failing: z.array(z.string()),
  checks: z.object({ database: z.string(), redis: z.string(), storage: z.string() }),
});

/**
 * Probes for a load balancer or an orchestrator. `/api/health`: the process answers (liveness).
 * `/api/ready`: it can serve, PostgreSQL, Redis (when configured) and the photo store each
 * answering; 503 naming the failing parts when not, and while the instance drains before it stops.
 * Neither looks up a site, so both answer during a database outage.
 */
const healthPlugin: FastifyPluginAsyncZod = async (app) => {
  const { services } = app;
  app.decorate('readiness', { draining: false });

  app.get(
    '/api/health',
    {
      config: { siteless: true },
      schema: {
        summary: 'Liveness: the process answers',
        response: { 200: z.object({ status: z.literal('ok') }) },
      },
    },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/api/ready',
    {
      config: { siteless: true },
      schema: {
        summary: 'Readiness: database, Redis and photo store answer',
        response: { 200: readiness, 503: readiness },
      },
    },
    async (_request, reply) => {
      const checks = await dependencyChecks(services);
      const failing = Object.entries(checks)
        .filter(([, v]) => v !== 'ok' && v !== 'not configured')
        .map(([k]) => k);
      if (app.readiness.draining) failing.unshift('draining');
      return reply
        .status(failing.length ? 503 : 200)
        .send({ status: failing.length ? 'unavailable' : 'ready', failing, checks });
    },
  );
};

// Not encapsulated: `readiness` is the app's, for the shutdown in instance.ts to set.
export const healthRoutes = fp(healthPlugin);
