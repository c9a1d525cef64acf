import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { showcaseQuery, showcaseResponse } from '../../common/api/showcase';
import { type Niche, SHOWCASE_SIZE } from '../../common/constants';
import { nicheAudience } from '../../common/rules/niches';
import { presentCard } from '../presenters/profile';
import { showcase } from '../services/discovery/members';
import { visitorMaySeeMembers } from '../services/discovery/search';

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
      const { niche, count = SHOWCASE_SIZE } = request.query;
      const audience = niche ? nicheAudience(niche as Niche) : {};
      const rows = await showcase(
        app.services.db,
        request.site.id,
        request.selectedCountry,
        count,
        audience,
        now,
      );
      return { allowed: true, profiles: rows.map((r) => presentCard(r, { paid: false }, now)) };
    },
  );
};
