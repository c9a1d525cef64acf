import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { membersEndpoints } from '../../common/api/endpoints/members';
import { SEARCH_PAGE_SIZE, searchQuery, searchResponse } from '../../common/api/search';
import { currentMemberId } from '../plugins/auth';
import { serve } from '../plugins/endpoint';
import { ApiError } from '../plugins/errors';
import { presentCard } from '../presenters/profile';
import { isPaidMember } from '../services/accounts/account';
import { checkPlace, searchMembers, visitorMaySeeMembers } from '../services/discovery/search';

export const membersRoutes: FastifyPluginAsyncZod = async (app) => {
  serve(
    app,
    membersEndpoints.search,
    {
      summary: 'The member search: one page of matching members, or of similar ones',
      schemas: { query: searchQuery, response: searchResponse },
      errors: [400, 403],
    },
    async (request, reply) => {
      const { db } = app.services;
      const viewerId = await currentMemberId(request, app.services);
      const { cursor, similar, network, ...filters } = request.query;
      if (viewerId === null && !visitorMaySeeMembers(request.site.settings, network))
        throw new ApiError(403, 'authentication_required');
      await checkPlace(db, request.site.settings.countries, filters);
      const paid = await isPaidMember(db, viewerId);
      const now = app.services.now();
      const page = await searchMembers(db, {
        siteId: request.site.id,
        viewerId,
        filters,
        similar: similar === 'true',
        cursor,
        now,
        pageSize: SEARCH_PAGE_SIZE,
      });
      // Results depend on who asks (blocks, premium photos): never shared by a cache.
      reply.header('cache-control', 'private, no-store');
      return {
        profiles: page.rows.map((row) => presentCard(row, { paid }, now)),
        next_cursor: page.nextCursor,
        num_results: page.numResults,
      };
    },
  );
};
