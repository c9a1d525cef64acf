import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signupEndpoints } from '../../common/api/endpoints/signup';
import {
  completeSignupRequest,
  signupErrorResponse,
  signupMatchesResponse,
  signupProfileResponse,
  signupRequest,
  signupResponse,
} from '../../common/api/signup';
import { SHOWCASE_SIZE } from '../../common/constants';
import { requireMember } from '../plugins/auth';
import { serve } from '../plugins/endpoint';
import { ApiError } from '../plugins/errors';
import { beginSession } from '../plugins/session-cookie';
import { presentCard } from '../presenters/profile';
import { sendActivationMail } from '../services/accounts/account-mail';
import { userOf } from '../services/accounts/current-user';
import { completeSignup, signup, signupProfile } from '../services/accounts/signup';
import { signupMatches } from '../services/discovery/signup-matches';

export const signupRoutes: FastifyPluginAsyncZod = async (app) => {
  serve(
    app,
    signupEndpoints.signup,
    {
      summary: 'Sign up: creates the member, logs them in and sends the activation mail',
      // The minimum age counts from the app's clock, which tests move.
      schemas: { body: signupRequest(() => app.services.now()), response: signupResponse },
      errors: [400, 403, 429],
      errorSchemas: { 409: signupErrorResponse },
      status: 201,
    },
    async (request, reply) => {
      const memberId = await signup(app.services, {
        site: request.site,
        body: request.body,
        locale: request.locale,
        country: request.selectedCountry,
        address: request.ip,
      });
      await beginSession(request, reply, app.services, memberId);
      // After the commit, never inside it; a mail that fails can be resent from the reminder.
      try {
        await sendActivationMail(app.services, memberId, { host: request.hostname });
      } catch (err) {
        request.log.error({ err, memberId }, 'activation mail after signup failed');
      }
      const user = await userOf(app.services, memberId);
      if (!user) throw new ApiError(500, 'internal');
      return { user };
    },
  );

  serve(
    app,
    signupEndpoints.profile,
    {
      summary: 'The new member’s profile answers, for /complete-signup',
      schemas: { response: signupProfileResponse },
      errors: [403],
    },
    async (request) => {
      const memberId = await requireMember(request, app.services);
      return { profile: await signupProfile(app.services.db, memberId) };
    },
  );

  serve(
    app,
    signupEndpoints.complete,
    {
      summary: 'Complete the signup with the remaining profile fields',
      schemas: { body: completeSignupRequest, response: signupProfileResponse },
      errors: [400, 403],
    },
    async (request) => {
      const memberId = await requireMember(request, app.services);
      await completeSignup(app.services.db, memberId, request.body, request.locale);
      return { profile: await signupProfile(app.services.db, memberId) };
    },
  );

  serve(
    app,
    signupEndpoints.matches,
    {
      summary: 'Members who fit the new member’s wishes, photos first',
      schemas: { response: signupMatchesResponse },
      errors: [403],
    },
    async (request) => {
      const memberId = await requireMember(request, app.services);
      const now = app.services.now();
      const found = await signupMatches(app.services.db, memberId, now, SHOWCASE_SIZE);
      return { profiles: found.rows.map((r) => presentCard(r, { paid: found.viewerPaid }, now)) };
    },
  );
};
