import { endpoint } from '../contract';
import type { regionsQuery, regionsResponse } from '../regions';

/** The regions of the served countries. */
export const regionsEndpoints = {
  list: endpoint<{ query: typeof regionsQuery; response: typeof regionsResponse }>('GET', '/api/regions.php'),
};
