import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse } from '../../common/api/errors';
import { bounceRequest, bounceResponse } from '../../common/api/likes';
import { currentMemberId } from '../plugins/auth';
import { recordBounce } from '../services/sites/page-bounces';

/** POST /api/bounce.php: the `lb` query of SPEC §4, from visitors and members alike. */
export const bounceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/bounce.php',
    {
      schema: {
        summary: 'Log a page bounce (the lb query) for the traffic source',
        body: bounceRequest,
        response: { 201: bounceResponse, 400: errorResponse, 429: errorResponse },
      },
    },
    async (request, reply) => {
      await recordBounce(
        app.services.db,
        {
          siteId: request.site.id,
          memberId: await currentMemberId(request, app.services),
          path: request.body.path,
          network: request.body.network,
          address: request.ip,
        },
        app.services.now(),
      );
      reply.status(201);
      return { bounce: { recorded: true as const } };
    },
  );
};
