import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { profileEndpoints } from '../../common/api/endpoints/profile';
import { ownProfileResponse, profileEditBody } from '../../common/api/profile-edit';
import { requireMember } from '../plugins/auth';
import { serve } from '../plugins/endpoint';
import { ownProfile, updateOwnProfile } from '../services/profiles/profile';

/** /api/profile.php: the logged-in member's own profile (/profile). */
export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  serve(
    app,
    profileEndpoints.get,
    { summary: 'My profile: every field as stored', schemas: { response: ownProfileResponse } },
    async (request) => {
      const memberId = await requireMember(request, app.services);
      return { profile: await ownProfile(app.services.db, memberId, app.services.now()) };
    },
  );

  serve(
    app,
    profileEndpoints.update,
    {
      summary: 'Edit my profile; field errors come back in the member’s language',
      schemas: { body: profileEditBody, response: ownProfileResponse },
      // The service validates again with the rules that need the member and the site, and answers
      // every field error at once in the member's language, for bad shapes as for broken rules.
      route: { attachValidation: true },
    },
    async (request) => {
      const memberId = await requireMember(request, app.services);
      const profile = await updateOwnProfile(
        app.services,
        request.site,
        memberId,
        request.body as unknown,
        request.locale,
      );
      return { profile };
    },
  );
};
