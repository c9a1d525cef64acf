import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ownProfileResponse, profileEditBody } from '../../common/api/profile-edit';
import { requireMember } from '../plugins/auth';
import { ownProfile, updateOwnProfile } from '../services/profiles/profile';

/** /api/profile.php: the logged-in member's own profile (SPEC §2 "/profile"). */
export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/profile.php',
    {
      schema: {
        summary: 'My profile: every field as stored',
        response: { 200: ownProfileResponse },
      },
    },
    async (request) => {
      const memberId = await requireMember(request, app.services);
      return { profile: await ownProfile(app.services.db, memberId, app.services.now()) };
    },
  );

  app.put(
    '/api/profile.php',
    {
      schema: {
        summary: 'Edit my profile; field errors come back in the member’s language',
        body: profileEditBody,
        response: { 200: ownProfileResponse },
      },
      // The service validates again with the rules that need the member and the site, and answers
      // every field error at once in the member's language, for bad shapes as for broken rules.
      attachValidation: true,
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
