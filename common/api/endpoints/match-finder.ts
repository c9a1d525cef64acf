import { endpoint } from '../contract';
import type { matchFinderResponse } from '../match-finder';

/** Suggestions that fit the member both ways. */
export const matchFinderEndpoints = {
  list: endpoint<{ response: typeof matchFinderResponse }>('GET', '/api/match-finder.php'),
};
