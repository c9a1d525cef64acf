import { endpoint } from '../contract';
import type { ownProfileResponse, profileEditBody } from '../profile-edit';

/** The logged-in member's own profile. */
export const profileEndpoints = {
  get: endpoint<{ response: typeof ownProfileResponse }>('GET', '/api/profile.php'),
  update: endpoint<{ body: typeof profileEditBody; response: typeof ownProfileResponse }>(
    'PUT',
    '/api/profile.php',
  ),
};
