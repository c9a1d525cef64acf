import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bounceEndpoints } from '../../common/api/endpoints/bounce';
import { bounceRequest, bounceResponse } from '../../common/api/likes';
import { currentMemberId } from '../plugins/auth';
import { serve } from '../plugins/endpoint';
import { recordBounce } from '../services/sites/page-bounces';

/** POST /api/bounce.php: the `lb` query, from visitors and members alike. */
export const bounceRoutes: FastifyPluginAsyncZod = async (app) => {
  serve(
    app,
    bounceEndpoints.log,
    {
      summary: 'Log a page bounce (the lb query) for the traffic source',
      schemas: { body: bounceRequest, response: bounceResponse },
      errors: [400, 429],
      status: 201,
    },
    async (request) => {
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
      return { bounce: { recorded: true as const } };
    },
  );
};
