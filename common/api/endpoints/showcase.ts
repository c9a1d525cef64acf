import { endpoint } from '../contract';
import type { showcaseQuery, showcaseResponse } from '../showcase';

/** A sample of members for visitors (the home page, the landers). */
export const showcaseEndpoints = {
  get: endpoint<{ query: typeof showcaseQuery; response: typeof showcaseResponse }>(
    'GET',
    '/api/showcase.php',
  ),
};
