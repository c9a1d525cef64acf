import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { interestsQuery, interestsResponse } from '../../common/api/interests';
import { listInterests } from '../services/profiles/interests';

export const interestsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/interests.php',
    {
      schema: {
        summary: 'The interests a profile can have, labelled in the language asked for or the visitor’s',
        querystring: interestsQuery,
        response: { 200: interestsResponse },
      },
    },
    async (request) => ({
      interests: await listInterests(app.services.db, request.query.lang ?? request.locale),
    }),
  );
};
