import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { visitEndpoints } from '../../common/api/endpoints/visit';
import { visitRequest, visitResponse } from '../../common/api/signup';
import { currentMemberId } from '../plugins/auth';
import { serve } from '../plugins/endpoint';
import { recordVisit } from '../services/sites/page-visits';

/** POST /api/visit.php: the page a visitor's visit began on, with its traffic source. */
export const visitRoutes: FastifyPluginAsyncZod = async (app) => {
  serve(
    app,
    visitEndpoints.log,
    {
      summary:
        "Log a visitor's landing page and traffic source (members' pages are not counted, nor visits beyond the limits per browser and per address)",
      schemas: { body: visitRequest, response: visitResponse },
      errors: [400],
      status: 204,
    },
    async (request, reply) => {
      if ((await currentMemberId(request, app.services)) === null)
        await recordVisit(
          app.services.db,
          {
            siteId: request.site.id,
            path: request.body.path,
            tracking: request.body.tracking ?? {},
            address: request.ip,
            visitor: request.body.visitor,
          },
          app.services.now(),
        );
      return reply.send(null);
    },
  );
};
