import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse } from '../../common/api/errors';
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
import { ApiError } from '../plugins/errors';
import { beginSession } from '../plugins/session-cookie';
import { presentCard } from '../presenters/profile';
import { sendActivationMail } from '../services/accounts/account-mail';
import { userOf } from '../services/accounts/current-user';
import { completeSignup, signup, signupProfile } from '../services/accounts/signup';
import { signupMatches } from '../services/discovery/signup-matches';

export const signupRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/signup.php',
    {
      schema: {
        summary: 'Sign up: creates the member, logs them in and sends the activation mail',
        // The minimum age counts from the app's clock, which tests move.
        body: signupRequest(() => app.services.now()),
        response: {
          201: signupResponse,
          400: errorResponse,
          403: errorResponse,
          409: signupErrorResponse,
          429: errorResponse,
        },
      },
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
      // After the commit, never inside it (DESIGN §4); a mail that fails can be resent from the reminder.
      try {
        await sendActivationMail(app.services, memberId);
      } catch (err) {
        request.log.error({ err, memberId }, 'activation mail after signup failed');
      }
      const user = await userOf(app.services, memberId);
      if (!user) throw new ApiError(500, 'internal');
      return reply.status(201).send({ user });
    },
  );

  app.get(
    '/api/signup.php',
    {
      schema: {
        summary: 'The new member’s profile answers, for /complete-signup',
        response: { 200: signupProfileResponse, 403: errorResponse },
      },
    },
    async (request) => {
      const memberId = await requireMember(request, app.services);
      return { profile: await signupProfile(app.services.db, memberId) };
    },
  );

  app.put(
    '/api/signup.php',
    {
      schema: {
        summary: 'Complete the signup with the remaining profile fields',
        body: completeSignupRequest,
        response: { 200: signupProfileResponse, 400: errorResponse, 403: errorResponse },
      },
    },
    async (request) => {
      const memberId = await requireMember(request, app.services);
      await completeSignup(app.services.db, memberId, request.body, request.locale);
      return { profile: await signupProfile(app.services.db, memberId) };
    },
  );

  app.get(
    '/api/signup-matches.php',
    {
      schema: {
        summary: 'Members who fit the new member’s wishes, photos first',
        response: { 200: signupMatchesResponse, 403: errorResponse },
      },
    },
    async (request) => {
      const memberId = await requireMember(request, app.services);
      const now = app.services.now();
      const found = await signupMatches(app.services.db, memberId, now, SHOWCASE_SIZE);
      return { profiles: found.rows.map((r) => presentCard(r, { paid: found.viewerPaid }, now)) };
    },
  );
};
