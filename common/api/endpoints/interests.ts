import { endpoint } from '../contract';
import type { interestsQuery, interestsResponse } from '../interests';

/** The interests a profile can have. */
export const interestsEndpoints = {
  list: endpoint<{ query: typeof interestsQuery; response: typeof interestsResponse }>(
    'GET',
    '/api/interests.php',
  ),
};
