import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { showcaseEndpoints } from '../../common/api/endpoints/showcase';
import { showcaseQuery, showcaseResponse } from '../../common/api/showcase';
import { type Niche, SHOWCASE_SIZE } from '../../common/constants';
import { nicheAudience } from '../../common/rules/niches';
import { currentMemberId } from '../plugins/auth';
import { serve } from '../plugins/endpoint';
import { presentCard } from '../presenters/profile';
import { showcase } from '../services/discovery/members';
import { visitorMaySeeMembers } from '../services/discovery/search';

export const showcaseRoutes: FastifyPluginAsyncZod = async (app) => {
  serve(
    app,
    showcaseEndpoints.get,
    {
      summary: "A sample of members for the logged-out home page, from the visitor's country",
      schemas: { query: showcaseQuery, response: showcaseResponse },
    },
    async (request) => {
      if (!visitorMaySeeMembers(request.site.settings, request.query.network))
        return { allowed: false, profiles: [] };
      const now = app.services.now();
      const { niche, count = SHOWCASE_SIZE } = request.query;
      const audience = niche ? nicheAudience(niche as Niche) : {};
      // A member's blocks count here too: who blocked them is not shown to them, nor whom they blocked.
      const viewerId = await currentMemberId(request, app.services);
      const rows = await showcase(
        app.services.db,
        request.site.id,
        viewerId,
        request.selectedCountry,
        count,
        audience,
        now,
      );
      return { allowed: true, profiles: rows.map((r) => presentCard(r, { paid: false }, now)) };
    },
  );
};
