import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pushEndpoints } from '../../common/api/endpoints/push';
import { pushRegisterRequest, pushRemoveRequest, pushResponse } from '../../common/api/push';
import { removeSubscription, saveSubscription } from '../infra/push/subscriptions';
import { requestTokenHash, requireMember } from '../plugins/auth';
import { serve } from '../plugins/endpoint';
import { ApiError } from '../plugins/errors';

/**
 * The API names these calls `POST /api/user.php?push=1` (and this app adds the matching DELETE);
 * a query parameter cannot choose a route, so `pushUrl` below rewrites them to this path before
 * routing, and both spellings reach the same handlers.
 */
export const PUSH_PATH = pushEndpoints.register.routedAs as string;

/** The internal path of a push call spelled as the API does, or the URL unchanged. */
export function pushUrl(method: string | undefined, url: string): string {
  if (method !== 'POST' && method !== 'DELETE') return url;
  const [path, query = ''] = url.split('?', 2);
  if (path !== '/api/user.php' || !new URLSearchParams(query).has('push')) return url;
  return `${PUSH_PATH}?${query}`;
}

const errors = [400, 403] as const;

export const pushRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, push } = app.services;

  serve(
    app,
    pushEndpoints.register,
    {
      summary: 'Registers this browser for push (called as POST /api/user.php?push=1)',
      schemas: { body: pushRegisterRequest, response: pushResponse },
      errors: [...errors, 409],
    },
    async (request) => {
      const memberId = await requireMember(request, app.services);
      const { subscription } = request.body;
      if (!push.allows(subscription.endpoint)) throw new ApiError(400, 'push_service_unknown');
      // A member's session always has a token: requireMember found it by the cookie.
      // Another member's browser (its endpoint without its keys) is not taken over: 409.
      if (!(await saveSubscription(db, memberId, requestTokenHash(request) as string, subscription)))
        throw new ApiError(409, 'push_service_unknown');
      return { ok: true as const };
    },
  );

  serve(
    app,
    pushEndpoints.remove,
    {
      summary: 'This browser stops getting push (called as DELETE /api/user.php?push=1)',
      schemas: { body: pushRemoveRequest, response: pushResponse },
      errors,
    },
    async (request) => {
      const memberId = await requireMember(request, app.services);
      await removeSubscription(db, memberId, request.body.endpoint);
      return { ok: true as const };
    },
  );
};
