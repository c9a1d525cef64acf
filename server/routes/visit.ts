import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponse } from '../../common/api/errors';
import { visitRequest } from '../../common/api/signup';
import { currentMemberId } from '../plugins/auth';
import { recordVisit } from '../services/sites/page-visits';

/** POST /api/visit.php: the page a visitor's visit began on, with its traffic source (issue 8). */
export const visitRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/visit.php',
    {
      schema: {
        summary: "Log a visitor's landing page and traffic source (members' pages are not counted)",
        body: visitRequest,
        response: { 204: z.null(), 400: errorResponse, 429: errorResponse },
      },
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
          },
          app.services.now(),
        );
      return reply.status(204).send(null);
    },
  );
};
