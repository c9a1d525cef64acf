import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { activationLinkQuery, sentResponse } from '../../common/api/account-mail';
import { activationEndpoints } from '../../common/api/endpoints/activation';
import { requireMember } from '../plugins/auth';
import { serve } from '../plugins/endpoint';
import { activate, resendActivationMail } from '../services/accounts/activation';

export const activationRoutes: FastifyPluginAsyncZod = async (app) => {
  // The mail's link is a page that redirects, not a JSON call: a plain route.
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

  serve(
    app,
    activationEndpoints.resend,
    {
      summary: 'Sends the activation mail again (a few per hour)',
      schemas: { response: sentResponse },
      errors: [403, 409, 429],
    },
    async (request) => {
      const memberId = await requireMember(request, app.services);
      await resendActivationMail(app.services, memberId);
      return { sent: true as const };
    },
  );
};
