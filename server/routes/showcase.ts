import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { showcaseQuery, showcaseResponse } from '../../common/api/showcase';
import { SHOWCASE_SIZE } from '../../common/constants';
import { presentCard } from '../presenters/profile';
import { showcase } from '../services/members';
import { visitorMaySeeMembers } from '../services/search';

export const showcaseRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/showcase.php',
    {
      schema: {
        summary: "A sample of members for the logged-out home page, from the visitor's country",
        querystring: showcaseQuery,
        response: { 200: showcaseResponse },
      },
    },
    async (request) => {
      if (!visitorMaySeeMembers(request.site.settings, request.query.network))
        return { allowed: false, profiles: [] };
      const now = app.services.now();
      const rows = await showcase(app.services.db, request.site.id, request.selectedCountry, SHOWCASE_SIZE);
      return { allowed: true, profiles: rows.map((r) => presentCard(r, { paid: false }, now)) };
    },
  );
};
