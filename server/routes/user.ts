import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse } from '../../common/api/errors';
import {
  languageRequest,
  loginErrorResponse,
  loginRequest,
  loginResponse,
  userResponse,
} from '../../common/api/user';
import { members } from '../db/schema';
import { currentMemberId, requireMember } from '../plugins/auth';
import { ApiError } from '../plugins/errors';
import { beginSession } from '../plugins/session-cookie';
import { userOf } from '../services/accounts/current-user';
import { login } from '../services/accounts/login';

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/user.php',
    {
      schema: {
        summary: 'The logged-in member, or null for a visitor',
        response: { 200: userResponse },
      },
    },
    async (request) => {
      const memberId = await currentMemberId(request, app.services);
      return { user: memberId ? await userOf(app.services, memberId) : null };
    },
  );

  app.post(
    '/api/user.php',
    {
      schema: {
        summary: 'Log in with e-mail and password; starts a new session',
        body: loginRequest,
        response: {
          200: loginResponse,
          400: errorResponse,
          401: errorResponse,
          403: loginErrorResponse,
          429: loginErrorResponse,
        },
      },
    },
    async (request, reply) => {
      const memberId = await login(app.services, {
        siteId: request.site.id,
        email: request.body.email,
        password: request.body.password,
        address: request.ip,
      });
      const user = await userOf(app.services, memberId);
      if (!user) throw new ApiError(401, 'login_failed');
      await beginSession(request, reply, app.services, memberId);
      return { user };
    },
  );

  app.put(
    '/api/user.php',
    {
      schema: {
        summary: 'Save the language the member uses the site in',
        body: languageRequest,
        response: { 200: loginResponse, 403: errorResponse },
      },
    },
    async (request) => {
      const memberId = await requireMember(request, app.services);
      await app.services.db
        .update(members)
        .set({ language: request.body.language })
        .where(eq(members.id, memberId));
      const user = await userOf(app.services, memberId);
      if (!user) throw new ApiError(403, 'authentication_required');
      return { user };
    },
  );
};
