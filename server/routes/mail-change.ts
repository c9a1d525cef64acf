import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  mailChangeConfirm,
  mailChangeConfirmResponse,
  mailChangeRequest,
  sentResponse,
} from '../../common/api/account-mail';
import { errorResponse } from '../../common/api/errors';
import { hitRate } from '../infra/rate-limit';
import { requireMember } from '../plugins/auth';
import { ApiError } from '../plugins/errors';
import { confirmEmailChange, noticeOldAddress, requestEmailChange } from '../services/accounts/mail-change';

/** Attempts per member per hour: each checks the password, so this also bounds guessing it. */
const CHANGE_ATTEMPTS_PER_HOUR = 10;

export const mailChangeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/mail-change.php',
    {
      schema: {
        summary: 'Mails a confirmation link to the new address; the address changes when it is followed',
        body: mailChangeRequest,
        response: {
          200: sentResponse,
          400: errorResponse,
          403: errorResponse,
          409: errorResponse,
          429: errorResponse,
        },
      },
    },
    async (request) => {
      const memberId = await requireMember(request, app.services);
      const rate = await hitRate(
        app.services.db,
        `mail-change:${memberId}`,
        CHANGE_ATTEMPTS_PER_HOUR,
        3_600,
        app.services.now(),
      );
      if (!rate.allowed)
        throw new ApiError(429, 'too_many_requests', { retry_after: rate.retryAfterSeconds });
      await requestEmailChange(app.services, memberId, request.body.email, request.body.password);
      return { sent: true as const };
    },
  );

  app.put(
    '/api/mail-change.php',
    {
      schema: {
        summary: 'Confirms the new address with the token of the mail sent to it',
        body: mailChangeConfirm,
        response: { 200: mailChangeConfirmResponse, 400: errorResponse, 409: errorResponse },
      },
    },
    async (request) => {
      const change = await confirmEmailChange(app.services, request.body.token);
      try {
        await noticeOldAddress(app.services, change);
      } catch (err) {
        request.log.warn({ err }, 'the notice to the previous address could not be sent');
      }
      return { changed: true as const };
    },
  );
};
