import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { logoutEndpoints } from '../../common/api/endpoints/logout';
import { logoutRequest, logoutResponse } from '../../common/api/user';
import { currentMemberId } from '../plugins/auth';
import { serve } from '../plugins/endpoint';
import { endBrowserSession } from '../plugins/session-cookie';
import { endAllSessions } from '../services/accounts/sessions';

export const logoutRoutes: FastifyPluginAsyncZod = async (app) => {
  serve(
    app,
    logoutEndpoints.here,
    { summary: "Log out: ends this browser's session", schemas: { response: logoutResponse } },
    async (request, reply) => {
      await endBrowserSession(request, reply, app.services);
      return { user: null };
    },
  );

  serve(
    app,
    logoutEndpoints.logout,
    {
      summary: 'Log out here, or on every device with `everywhere`',
      schemas: { body: logoutRequest, response: logoutResponse },
    },
    async (request, reply) => {
      const memberId = await currentMemberId(request, app.services);
      if (memberId !== null && request.body.everywhere) await endAllSessions(app.services, memberId);
      await endBrowserSession(request, reply, app.services);
      return { user: null };
    },
  );
};
