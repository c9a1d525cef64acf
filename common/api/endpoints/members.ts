import { endpoint } from '../contract';
import type { searchQuery, searchResponse } from '../search';

/** The member search, a page at a time. */
export const membersEndpoints = {
  search: endpoint<{ query: typeof searchQuery; response: typeof searchResponse }>('GET', '/api/members.php'),
};
