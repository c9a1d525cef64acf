import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { activationLinkQuery, sentResponse } from '../../common/api/account-mail';
import { activationEndpoints } from '../../common/api/endpoints/activation';
import { requireMember } from '../plugins/auth';
import { serve } from '../plugins/endpoint';
import { activate, resendActivationMail } from '../services/accounts/activation';
import { deliverSignupMessage } from '../services/chat/signup-message';

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
      const memberId = token ? await activate(app.services.db, token, app.services.now()) : null;
      // The first message written on a member landing at signup goes out now, after the commit.
      if (memberId !== null)
        await deliverSignupMessage(app.services, memberId).catch((err: unknown) =>
          request.log.error({ err, memberId }, 'the signup message could not be sent'),
        );
      return reply.redirect(memberId !== null ? '/activate/done' : '/activate/error', 303);
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
