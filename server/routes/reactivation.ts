import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sentResponse } from '../../common/api/account-mail';
import { reactivationEndpoints } from '../../common/api/endpoints/reactivation';
import {
  reactivation,
  reactivationMailRequest,
  reactivationResponse,
} from '../../common/api/settings-account';
import { hitRate } from '../infra/rate-limit';
import { serve } from '../plugins/endpoint';
import { ApiError } from '../plugins/errors';
import { beginSession } from '../plugins/session-cookie';
import { reactivatableMember, reactivateWithToken } from '../services/accounts/account';
import { sendReactivationMail } from '../services/accounts/account-mail';

// Requests for a new link per address: enough for a lost mail, too few to probe many addresses.
const MAIL_REQUESTS_PER_HOUR = 10;

/** The way back from /account-deleted: the link of the reactivation mail, or a new one by e-mail. */
export const reactivationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.services;

  serve(
    app,
    reactivationEndpoints.reactivate,
    {
      summary: 'Brings a deleted account back with the token of its mail, within 14 days, and logs in',
      schemas: { body: reactivation, response: reactivationResponse },
      errors: [400],
    },
    async (request, reply) => {
      const back = await reactivateWithToken(db, request.body.token, request.site.id, app.services.now());
      if (!back) throw new ApiError(400, 'link_invalid');
      if (back.status !== 'suspended') await beginSession(request, reply, app.services, back.memberId);
      return { reactivated: true as const };
    },
  );

  serve(
    app,
    reactivationEndpoints.mail,
    {
      summary:
        'Mails a new reactivation link; the answer is the same whether or not the address has an account',
      schemas: { body: reactivationMailRequest, response: sentResponse },
      errors: [400, 429],
    },
    async (request) => {
      const now = app.services.now();
      const rate = await hitRate(db, `reactivation-mail:${request.ip}`, MAIL_REQUESTS_PER_HOUR, 3600, now);
      if (!rate.allowed)
        throw new ApiError(429, 'too_many_requests', { retry_after: rate.retryAfterSeconds });
      const memberId = await reactivatableMember(db, request.site.id, request.body.email, now);
      // Not awaited: how long the answer takes must not tell whether a mail went out.
      if (memberId !== null)
        void sendReactivationMail(app.services, memberId).catch((err) =>
          request.log.warn({ err, memberId }, 'reactivation mail not sent'),
        );
      return { sent: true as const };
    },
  );
};
