import { endpoint } from '../contract';
import type { bounceRequest, bounceResponse } from '../likes';

/** A page bounce (the `lb` query) for the traffic source. */
export const bounceEndpoints = {
  log: endpoint<{ body: typeof bounceRequest; response: typeof bounceResponse }>('POST', '/api/bounce.php'),
};
