import { endpoint } from '../contract';
import type { visitRequest, visitResponse } from '../signup';

/** A visitor's landing page and traffic source. */
export const visitEndpoints = {
  log: endpoint<{ body: typeof visitRequest; response: typeof visitResponse }>('POST', '/api/visit.php'),
};
