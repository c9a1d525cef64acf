import { endpoint } from '../contract';
import type { pushRegisterRequest, pushRemoveRequest, pushResponse } from '../push';

/**
 * This browser's push subscription: `POST|DELETE /api/user.php?push=1`. A query parameter cannot
 * choose a route, so the server rewrites these addresses to their own path before routing.
 */
export const pushEndpoints = {
  register: endpoint<{ body: typeof pushRegisterRequest; response: typeof pushResponse }>(
    'POST',
    '/api/user.php?push=1',
    '/api/user-push.php',
  ),
  remove: endpoint<{ body: typeof pushRemoveRequest; response: typeof pushResponse }>(
    'DELETE',
    '/api/user.php?push=1',
    '/api/user-push.php',
  ),
};
