import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { logoutRequest, logoutResponse } from '../../common/api/user';
import { currentMemberId } from '../plugins/auth';
import { endBrowserSession } from '../plugins/session-cookie';
import { endAllSessions } from '../services/accounts/sessions';

export const logoutRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/logout.php',
    {
      schema: {
        summary: "Log out: ends this browser's session (SPEC §7)",
        response: { 200: logoutResponse },
      },
    },
    async (request, reply) => {
      await endBrowserSession(request, reply, app.services);
      return { user: null };
    },
  );

  app.post(
    '/api/logout.php',
    {
      schema: {
        summary: 'Log out here, or on every device with `everywhere`',
        body: logoutRequest,
        response: { 200: logoutResponse },
      },
    },
    async (request, reply) => {
      const memberId = await currentMemberId(request, app.services);
      if (memberId !== null && request.body.everywhere) await endAllSessions(app.services.db, memberId);
      await endBrowserSession(request, reply, app.services);
      return { user: null };
    },
  );
};
