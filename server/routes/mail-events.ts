import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { mailEventsEndpoints } from '../../common/api/endpoints/mail-events';
import { mailEvent, mailEventResponse } from '../../common/api/notification-mail';
import { hitRate } from '../infra/rate-limit';
import { serve } from '../plugins/endpoint';
import { ApiError } from '../plugins/errors';
import { disableEmailFor } from '../services/notifications/mail-events';

/** Where the mail provider reports bounces, complaints and unsubscribes (exempt from the browser-only CSRF header). */
export const MAIL_EVENTS_PATH = mailEventsEndpoints.report.path;

/** Wrong secrets one address may try per hour before 429: a misconfigured provider, not a guesser. */
const FAILURES_PER_HOUR = 30;

const digest = (s: string) => createHash('sha256').update(s).digest();

/**
 * The secret the request shows: `Authorization: Bearer <secret>`, or the password of Basic auth
 * (for providers that can only be given a URL such as https://events:<secret>@host/…).
 */
function shownSecret(request: FastifyRequest): string | null {
  const header = request.headers.authorization ?? '';
  const bearer = /^Bearer\s+(.+)$/i.exec(header);
  if (bearer) return bearer[1]?.trim() ?? null;
  const basic = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(header);
  if (!basic) return null;
  const decoded = Buffer.from(basic[1] as string, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon === -1 ? null : decoded.slice(colon + 1);
}

/**
 * POST /api/mail-events.php (registered only with MAIL_EVENTS_SECRET): the mail provider's report
 * that an address bounced, complained of spam or unsubscribed through the mail program. E-mail
 * stops for that address with the reason the disabled-notifications alert explains.
 * The secret is compared in constant time; without it, 401 and nothing changes.
 */
export const mailEventsRoutes: FastifyPluginAsyncZod<{ secret: string }> = async (app, opts) => {
  const expected = digest(opts.secret);
  const { db, now } = app.services;

  serve(
    app,
    mailEventsEndpoints.report,
    {
      summary:
        'Mail provider report: a bounce, a spam complaint or an unsubscribe turns e-mail off for the address',
      schemas: { body: mailEvent, response: mailEventResponse },
      errors: [400, 401, 429],
      route: {
        // Authenticated before the body is looked at: a caller without the secret learns nothing of the format.
        preValidation: async (request) => {
          const shown = shownSecret(request);
          if (shown !== null && timingSafeEqual(digest(shown), expected)) return;
          const rate = await hitRate(db, `mail-events-denied:${request.ip}`, FAILURES_PER_HOUR, 3600, now());
          if (!rate.allowed)
            throw new ApiError(429, 'too_many_requests', { retry_after: rate.retryAfterSeconds });
          throw new ApiError(401, 'authentication_required');
        },
      },
    },
    async (request) => ({ disabled: await disableEmailFor(db, request.body) }),
  );
};
