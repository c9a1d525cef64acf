import { endpoint } from '../contract';
import type { logoutRequest, logoutResponse } from '../user';

/** Logging out: here, or on every device. */
export const logoutEndpoints = {
  here: endpoint<{ response: typeof logoutResponse }>('GET', '/api/logout.php'),
  logout: endpoint<{ body: typeof logoutRequest; response: typeof logoutResponse }>(
    'POST',
    '/api/logout.php',
  ),
};
