import { endpoint } from '../contract';
import type { languageRequest, loginRequest, loginResponse, userResponse } from '../user';

/** The logged-in member (or a visitor's null), logging in, and the language they use the site in. */
export const userEndpoints = {
  get: endpoint<{ response: typeof userResponse }>('GET', '/api/user.php'),
  login: endpoint<{ body: typeof loginRequest; response: typeof loginResponse }>('POST', '/api/user.php'),
  setLanguage: endpoint<{ body: typeof languageRequest; response: typeof loginResponse }>(
    'PUT',
    '/api/user.php',
  ),
};
