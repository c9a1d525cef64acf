import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse } from '../../common/api/errors';
import { matchFinderResponse } from '../../common/api/match-finder';
import { requireMember } from '../plugins/auth';
import { matchSuggestions } from '../services/discovery/match-finder';

/** /api/match-finder.php: suggestions that fit the member both ways, each with its reasons. */
export const matchFinderRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/match-finder.php',
    {
      schema: {
        summary: 'Members who fit my preferences both ways, best first, each saying why',
        response: { 200: matchFinderResponse, 403: errorResponse },
      },
    },
    async (request) => {
      const memberId = await requireMember(request, app.services);
      return matchSuggestions(app.services.db, request.site.id, memberId, app.services.now());
    },
  );
};
