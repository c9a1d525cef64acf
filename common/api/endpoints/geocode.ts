import { endpoint } from '../contract';
import type { geocodeQuery, geocodeResponse } from '../search';

/** Country and region of a position, to prefill the search. */
export const geocodeEndpoints = {
  lookup: endpoint<{ query: typeof geocodeQuery; response: typeof geocodeResponse }>(
    'GET',
    '/api/geocode.php',
  ),
};
