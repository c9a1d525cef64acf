import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { interestsEndpoints } from '../../common/api/endpoints/interests';
import { interestsQuery, interestsResponse } from '../../common/api/interests';
import { serve } from '../plugins/endpoint';
import { listInterests } from '../services/profiles/interests';

export const interestsRoutes: FastifyPluginAsyncZod = async (app) => {
  serve(
    app,
    interestsEndpoints.list,
    {
      summary: 'The interests a profile can have, labelled in the language asked for or the visitor’s',
      schemas: { query: interestsQuery, response: interestsResponse },
    },
    async (request) => ({
      interests: await listInterests(app.services.db, request.query.lang ?? request.locale),
    }),
  );
};
