import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { memberEndpoints } from '../../common/api/endpoints/member';
import { memberQuery, memberResponse } from '../../common/api/member';
import { rememberMember, requestTokenHash } from '../plugins/auth';
import { serve } from '../plugins/endpoint';
import { ApiError } from '../plugins/errors';
import { memberProfile } from '../services/discovery/member-profile';

/** The profile view (/members/:id): one member as the asking member or visitor may see them. */
export const memberRoutes: FastifyPluginAsyncZod = async (app) => {
  serve(
    app,
    memberEndpoints.get,
    {
      summary: "One member's profile: visible fields, photos and the viewer's likes and block",
      schemas: { query: memberQuery, response: memberResponse },
      errors: [400, 403, 404],
    },
    async (request) => {
      const s = request.site.settings;
      // Visitors see profiles where they may search (the rule of the logged-out showcase).
      const rule = request.query.network ? s.logged_out_search_trafficsource : s.logged_out_search;
      const token = requestTokenHash(request);
      if (token === null && rule === 'none') throw new ApiError(403, 'authentication_required');
      // The session is read in the profile's own query: one round trip for the busiest page.
      const { viewerId, profile } = await memberProfile(app.services.db, {
        siteId: request.site.id,
        tokenHash: token,
        memberId: request.query.id,
        settings: s,
        now: app.services.now(),
      });
      rememberMember(request, viewerId);
      if (viewerId === null && rule === 'none') throw new ApiError(403, 'authentication_required');
      if (!profile) throw new ApiError(404, 'not_found');
      return { profile };
    },
  );
};
