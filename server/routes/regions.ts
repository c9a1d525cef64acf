import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { regionsQuery, regionsResponse } from '../../common/api/regions';
import { listRegions } from '../services/profiles/regions';

export const regionsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/regions.php',
    {
      schema: {
        summary: 'Regions of every served country, or of one',
        querystring: regionsQuery,
        response: { 200: regionsResponse },
      },
    },
    async (request) => {
      return { regions: await listRegions(app.services.db, request.query.country) };
    },
  );
};
