import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  mailChangeConfirm,
  mailChangeConfirmResponse,
  mailChangeRequest,
  sentResponse,
} from '../../common/api/account-mail';
import { mailChangeEndpoints } from '../../common/api/endpoints/mail-change';
import { hitRate } from '../infra/rate-limit';
import { requireMember } from '../plugins/auth';
import { serve } from '../plugins/endpoint';
import { ApiError } from '../plugins/errors';
import { confirmEmailChange, noticeOldAddress, requestEmailChange } from '../services/accounts/mail-change';

/** Attempts per member per hour: each checks the password, so this also bounds guessing it. */
const CHANGE_ATTEMPTS_PER_HOUR = 10;

export const mailChangeRoutes: FastifyPluginAsyncZod = async (app) => {
  serve(
    app,
    mailChangeEndpoints.request,
    {
      summary: 'Mails a confirmation link to the new address; the address changes when it is followed',
      schemas: { body: mailChangeRequest, response: sentResponse },
      errors: [400, 403, 409, 429],
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

  serve(
    app,
    mailChangeEndpoints.confirm,
    {
      summary: 'Confirms the new address with the token of the mail sent to it',
      schemas: { body: mailChangeConfirm, response: mailChangeConfirmResponse },
      errors: [400, 409],
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
