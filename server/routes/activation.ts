import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { activationLinkQuery, sentResponse } from '../../common/api/account-mail';
import { activationEndpoints } from '../../common/api/endpoints/activation';
import { LOCALE_COOKIE, LOCALE_COOKIE_DAYS } from '../../common/constants';
import { isLocale } from '../../common/rules/locale';
import { requireMember } from '../plugins/auth';
import { serve } from '../plugins/endpoint';
import { beginSession } from '../plugins/session-cookie';
import { activate, resendActivationMail } from '../services/accounts/activation';
import { deliverSignupMessage } from '../services/chat/signup-message';

export const activationRoutes: FastifyPluginAsyncZod = async (app) => {
  // The mail's link is a page that redirects, not a JSON call: a plain route.
  app.get(
    '/api/activation.php',
    {
      schema: {
        summary:
          'The link of the activation mail: confirms the address, logs the member in, sets their language, then redirects to the result page (a link used before: to the page that says the address is confirmed)',
        querystring: activationLinkQuery,
      },
    },
    async (request, reply) => {
      const { token } = request.query;
      const outcome = token ? await activate(app.services.db, token, app.services.now()) : null;
      if (!outcome || outcome.kind === 'failed') return reply.redirect('/activate/error', 303);
      // The page opens in the member's language, whichever browser the mail is read in.
      if (isLocale(outcome.language))
        reply.setCookie(LOCALE_COOKIE, outcome.language, {
          path: '/',
          sameSite: 'lax',
          maxAge: LOCALE_COOKIE_DAYS * 86_400,
        });
      if (outcome.kind === 'already') return reply.redirect('/activate/done?already=1', 303);
      // A live link proves the member reads the mailbox the account is for, as a reset link does:
      // it logs them in here, once (a used link logs no one in). A suspension keeps them out.
      if (outcome.status !== 'suspended') await beginSession(request, reply, app.services, outcome.memberId);
      // The first message written on a member landing at signup goes out now, after the commit.
      await deliverSignupMessage(app.services, outcome.memberId).catch((err: unknown) =>
        request.log.error({ err, memberId: outcome.memberId }, 'the signup message could not be sent'),
      );
      return reply.redirect('/activate/done', 303);
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
      await resendActivationMail(app.services, memberId, { host: request.hostname });
      return { sent: true as const };
    },
  );
};
