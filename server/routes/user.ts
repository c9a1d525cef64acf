import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userEndpoints } from '../../common/api/endpoints/user';
import {
  languageRequest,
  loginErrorResponse,
  loginRequest,
  loginResponse,
  userResponse,
} from '../../common/api/user';
import { currentMemberId, requireMember } from '../plugins/auth';
import { memberDevicePass, setMemberDevicePass } from '../plugins/device-cookie';
import { serve } from '../plugins/endpoint';
import { ApiError } from '../plugins/errors';
import { withRetryAfter } from '../plugins/retry-after';
import { beginSession } from '../plugins/session-cookie';
import { setLanguage } from '../services/accounts/account';
import { userOf } from '../services/accounts/current-user';
import { login } from '../services/accounts/login';

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  serve(
    app,
    userEndpoints.get,
    { summary: 'The logged-in member, or null for a visitor', schemas: { response: userResponse } },
    async (request) => {
      const memberId = await currentMemberId(request, app.services);
      return { user: memberId ? await userOf(app.services, memberId) : null };
    },
  );

  serve(
    app,
    userEndpoints.login,
    {
      summary: 'Log in with e-mail and password; starts a new session',
      schemas: { body: loginRequest, response: loginResponse },
      errors: [400, 401],
      errorSchemas: { 403: loginErrorResponse, 429: loginErrorResponse },
    },
    async (request, reply) => {
      const { memberId, devicePass } = await withRetryAfter(
        reply,
        login(app.services, {
          siteId: request.site.id,
          email: request.body.email,
          password: request.body.password,
          address: request.ip,
          devicePass: memberDevicePass(request),
        }),
      );
      const user = await userOf(app.services, memberId);
      if (!user) throw new ApiError(401, 'login_failed');
      await beginSession(request, reply, app.services, memberId);
      setMemberDevicePass(reply, app.services, devicePass);
      return { user };
    },
  );

  serve(
    app,
    userEndpoints.setLanguage,
    {
      summary: 'Save the language the member uses the site in',
      schemas: { body: languageRequest, response: loginResponse },
      errors: [403],
    },
    async (request) => {
      const memberId = await requireMember(request, app.services);
      await setLanguage(app.services.db, memberId, request.body.language);
      const user = await userOf(app.services, memberId);
      if (!user) throw new ApiError(403, 'authentication_required');
      return { user };
    },
  );
};
