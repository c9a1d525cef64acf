import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sentResponse } from '../../common/api/account-mail';
import { errorResponse } from '../../common/api/errors';
import {
  reactivation,
  reactivationMailRequest,
  reactivationResponse,
} from '../../common/api/settings-account';
import type { Db } from '../db/client';
import { members } from '../db/schema';
import { hitRate } from '../infra/rate-limit';
import { consumeToken } from '../infra/tokens';
import { ApiError } from '../plugins/errors';
import { beginSession } from '../plugins/session-cookie';
import { reactivatableMember, reactivateAccount } from '../services/accounts/account';
import { sendReactivationMail } from '../services/accounts/account-mail';

// Requests for a new link per address: enough for a lost mail, too few to probe many addresses.
const MAIL_REQUESTS_PER_HOUR = 10;

/** The way back from /account-deleted: the link of the reactivation mail, or a new one by e-mail. */
export const reactivationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.services;

  app.post(
    '/api/reactivate.php',
    {
      schema: {
        summary: 'Brings a deleted account back with the token of its mail, within 14 days, and logs in',
        body: reactivation,
        response: { 200: reactivationResponse, 400: errorResponse },
      },
    },
    async (request, reply) => {
      const now = app.services.now();
      // One transaction: a token shown on another site's domain stays unused.
      const back = await db.transaction(async (tx) => {
        const used = await consumeToken(tx as unknown as Db, request.body.token, 'reactivation', now);
        if (!used) return null;
        const [member] = await tx
          .select({ siteId: members.siteId })
          .from(members)
          .where(eq(members.id, used.memberId));
        if (member?.siteId !== request.site.id) throw new ApiError(400, 'link_invalid');
        const account = await reactivateAccount(tx as unknown as Db, used.memberId, now);
        return account ? { memberId: used.memberId, ...account } : null;
      });
      if (!back) throw new ApiError(400, 'link_invalid');
      if (back.status !== 'suspended') await beginSession(request, reply, app.services, back.memberId);
      return { reactivated: true as const };
    },
  );

  app.post(
    '/api/reactivation-mail.php',
    {
      schema: {
        summary:
          'Mails a new reactivation link; the answer is the same whether or not the address has an account',
        body: reactivationMailRequest,
        response: { 200: sentResponse, 400: errorResponse, 429: errorResponse },
      },
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
