import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { activationLinkQuery, sentResponse } from '../../common/api/account-mail';
import { errorResponse } from '../../common/api/errors';
import { members } from '../db/schema';
import { requireMember } from '../plugins/auth';
import { ApiError } from '../plugins/errors';
import { sendActivationMail } from '../services/accounts/account-mail';
import { activate } from '../services/accounts/activation';

export const activationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/activation.php',
    {
      schema: {
        summary: 'The link of the activation mail: confirms the address, then redirects to the result page',
        querystring: activationLinkQuery,
      },
    },
    async (request, reply) => {
      const { token } = request.query;
      const done = token ? await activate(app.services.db, token, app.services.now()) : false;
      return reply.redirect(done ? '/activate/done' : '/activate/error', 303);
    },
  );

  app.post(
    '/api/activation.php',
    {
      schema: {
        summary: 'Sends the activation mail again (a few per hour)',
        response: { 200: sentResponse, 403: errorResponse, 409: errorResponse, 429: errorResponse },
      },
    },
    async (request) => {
      const memberId = await requireMember(request, app.services);
      const [member] = await app.services.db
        .select({ confirmedAt: members.emailConfirmedAt })
        .from(members)
        .where(eq(members.id, memberId));
      if (member?.confirmedAt) throw new ApiError(409, 'already_confirmed');
      await sendActivationMail(app.services, memberId);
      return { sent: true as const };
    },
  );
};
