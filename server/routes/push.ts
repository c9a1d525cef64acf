import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponse } from '../../common/api/errors';
import { pushRegisterRequest, pushRemoveRequest } from '../../common/api/push';
import { removeSubscription, saveSubscription } from '../infra/push/subscriptions';
import { requestTokenHash, requireMember } from '../plugins/auth';
import { ApiError } from '../plugins/errors';

/**
 * SPEC §7 names these calls `POST /api/user.php?push=1` (and this app adds the matching DELETE);
 * a query parameter cannot choose a route, so `pushUrl` below rewrites them to this path before
 * routing, and both spellings reach the same handlers.
 */
export const PUSH_PATH = '/api/user-push.php';

/** The internal path of a push call spelled as SPEC §7 does, or the URL unchanged. */
export function pushUrl(method: string | undefined, url: string): string {
  if (method !== 'POST' && method !== 'DELETE') return url;
  const [path, query = ''] = url.split('?', 2);
  if (path !== '/api/user.php' || !new URLSearchParams(query).has('push')) return url;
  return `${PUSH_PATH}?${query}`;
}

const ok = z.object({ ok: z.literal(true) });
const errors = { 400: errorResponse, 403: errorResponse };

export const pushRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, push } = app.services;

  app.post(
    PUSH_PATH,
    {
      schema: {
        summary: 'Registers this browser for push (called as POST /api/user.php?push=1)',
        body: pushRegisterRequest,
        response: { 200: ok, ...errors },
      },
    },
    async (request) => {
      const memberId = await requireMember(request, app.services);
      const { subscription } = request.body;
      if (!push.allows(subscription.endpoint)) throw new ApiError(400, 'push_service_unknown');
      // A member's session always has a token: requireMember found it by the cookie.
      await saveSubscription(db, memberId, requestTokenHash(request) as string, subscription);
      return { ok: true as const };
    },
  );

  app.delete(
    PUSH_PATH,
    {
      schema: {
        summary: 'This browser stops getting push (called as DELETE /api/user.php?push=1)',
        body: pushRemoveRequest,
        response: { 200: ok, ...errors },
      },
    },
    async (request) => {
      const memberId = await requireMember(request, app.services);
      await removeSubscription(db, memberId, request.body.endpoint);
      return { ok: true as const };
    },
  );
};
