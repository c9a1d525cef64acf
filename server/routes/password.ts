import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  linkValidResponse,
  passwordChange,
  passwordChangeResponse,
  passwordResetLinkQuery,
  passwordResetPerform,
  passwordResetRequest,
  passwordResetResponse,
  sentResponse,
} from '../../common/api/account-mail';
import { passwordEndpoints } from '../../common/api/endpoints/password';
import { hitRate } from '../infra/rate-limit';
import { requireMember } from '../plugins/auth';
import { serve } from '../plugins/endpoint';
import { ApiError } from '../plugins/errors';
import { clearAuthCookie, setAuthCookie } from '../plugins/session-cookie';
import {
  changePassword,
  requestPasswordReset,
  resetLinkWorks,
  resetPassword,
} from '../services/accounts/password-reset';
import { createSession } from '../services/accounts/sessions';

/** Reset requests per address per hour: enough for a person, too few to walk a list of addresses. */
const RESET_REQUESTS_PER_IP = 10;
/** Wrong old passwords per member per hour before a stolen session can no longer guess. */
const PASSWORD_CHANGES_PER_HOUR = 10;

export const passwordRoutes: FastifyPluginAsyncZod = async (app) => {
  const limit = async (key: string, max: number, windowSeconds: number) => {
    const rate = await hitRate(app.services.db, key, max, windowSeconds, app.services.now());
    if (!rate.allowed) throw new ApiError(429, 'too_many_requests', { retry_after: rate.retryAfterSeconds });
  };

  serve(
    app,
    passwordEndpoints.requestReset,
    {
      summary: 'Mails a link to choose a new password',
      schemas: { body: passwordResetRequest, response: sentResponse },
      errors: [400, 404, 429],
    },
    async (request) => {
      await limit(`reset-ip:${request.ip}`, RESET_REQUESTS_PER_IP, 3_600);
      await requestPasswordReset(app.services, request.site.id, request.body.email);
      return { sent: true as const };
    },
  );

  serve(
    app,
    passwordEndpoints.resetLink,
    {
      summary: 'Whether a reset link still works (it is not used up by asking)',
      schemas: { query: passwordResetLinkQuery, response: linkValidResponse },
      errors: [400],
    },
    async (request) => {
      if (!(await resetLinkWorks(app.services, request.query.token))) throw new ApiError(400, 'link_invalid');
      return { valid: true as const };
    },
  );

  serve(
    app,
    passwordEndpoints.reset,
    {
      summary: 'Sets the new password from a reset link; every session of the account ends',
      schemas: { body: passwordResetPerform, response: passwordResetResponse },
      errors: [400],
    },
    async (request, reply) => {
      await resetPassword(app.services, request.body.token, request.body.password);
      clearAuthCookie(reply, app.services);
      return { reset: true as const };
    },
  );

  serve(
    app,
    passwordEndpoints.change,
    {
      summary: 'Changes the password of the logged-in member; other sessions end',
      schemas: { body: passwordChange, response: passwordChangeResponse },
      errors: [400, 403, 429],
    },
    async (request, reply) => {
      const memberId = await requireMember(request, app.services);
      await limit(`password-change:${memberId}`, PASSWORD_CHANGES_PER_HOUR, 3_600);
      const { old_password, password } = request.body;
      await changePassword(app.services, memberId, old_password, password);
      // Every session ended with the change; this browser gets a fresh one.
      const token = await createSession(app.services.db, memberId, app.services.now());
      setAuthCookie(reply, app.services, token);
      return { changed: true as const };
    },
  );
};
