import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { matchFinderEndpoints } from '../../common/api/endpoints/match-finder';
import { matchFinderResponse } from '../../common/api/match-finder';
import { requireMember } from '../plugins/auth';
import { serve } from '../plugins/endpoint';
import { matchSuggestions } from '../services/discovery/match-finder';

/** /api/match-finder.php: suggestions that fit the member both ways, each with its reasons. */
export const matchFinderRoutes: FastifyPluginAsyncZod = async (app) => {
  serve(
    app,
    matchFinderEndpoints.list,
    {
      summary: 'Members who fit my preferences both ways, best first, each saying why',
      schemas: { response: matchFinderResponse },
      errors: [403],
    },
    async (request) => {
      const memberId = await requireMember(request, app.services);
      return matchSuggestions(app.services.db, request.site.id, memberId, app.services.now());
    },
  );
};
