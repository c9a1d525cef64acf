import type { staffLoginRequest, staffResponse } from '../../admin/staff';
import { endpoint } from '../../contract';

/** The console's session: the login (password and authenticator code), who is logged in, the logout. */
export const adminSessionEndpoints = {
  login: endpoint<{ body: typeof staffLoginRequest; response: typeof staffResponse }>(
    'POST',
    '/api/admin/login.php',
  ),
  me: endpoint<{ response: typeof staffResponse }>('GET', '/api/admin/me.php'),
  logout: endpoint<{ response: typeof staffResponse }>('POST', '/api/admin/logout.php'),
};
