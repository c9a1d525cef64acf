import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse } from '../../common/api/errors';
import { SEARCH_PAGE_SIZE, searchQuery, searchResponse } from '../../common/api/search';
import { members } from '../db/schema';
import { currentMemberId } from '../plugins/auth';
import { ApiError } from '../plugins/errors';
import { presentCard } from '../presenters/profile';
import { checkPlace, searchMembers, visitorMaySeeMembers } from '../services/discovery/search';

export const membersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/members.php',
    {
      schema: {
        summary: 'The member search: one page of matching members, or of similar ones',
        querystring: searchQuery,
        response: { 200: searchResponse, 400: errorResponse, 403: errorResponse },
      },
    },
    async (request, reply) => {
      const { db } = app.services;
      const viewerId = await currentMemberId(request, app.services);
      const { cursor, similar, network, ...filters } = request.query;
      if (viewerId === null && !visitorMaySeeMembers(request.site.settings, network))
        throw new ApiError(403, 'authentication_required');
      await checkPlace(db, request.site.settings.countries, filters);
      const [viewer] =
        viewerId === null
          ? []
          : await db.select({ paid: members.paidUser }).from(members).where(eq(members.id, viewerId));
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
        profiles: page.rows.map((row) => presentCard(row, { paid: viewer?.paid ?? false }, now)),
        next_cursor: page.nextCursor,
        num_results: page.numResults,
      };
    },
  );
};
