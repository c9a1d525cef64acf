import { endpoint } from '../contract';
import type { memberQuery, memberResponse } from '../member';

/** One member's profile, as the asking member or visitor may see it. */
export const memberEndpoints = {
  get: endpoint<{ query: typeof memberQuery; response: typeof memberResponse }>('GET', '/api/member.php'),
};
