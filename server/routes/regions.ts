import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { regionsEndpoints } from '../../common/api/endpoints/regions';
import { regionsQuery, regionsResponse } from '../../common/api/regions';
import { serve } from '../plugins/endpoint';
import { listRegions } from '../services/profiles/regions';

export const regionsRoutes: FastifyPluginAsyncZod = async (app) => {
  serve(
    app,
    regionsEndpoints.list,
    {
      summary: 'Regions of every served country, or of one',
      schemas: { query: regionsQuery, response: regionsResponse },
    },
    async (request) => {
      return { regions: await listRegions(app.services.db, request.query.country) };
    },
  );
};
