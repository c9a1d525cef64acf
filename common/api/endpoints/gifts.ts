import type { giftsResponse } from '../chats';
import { endpoint } from '../contract';

/** The gift catalogue, priced for the site. */
export const giftsEndpoints = {
  list: endpoint<{ response: typeof giftsResponse }>('GET', '/api/gifts.php'),
};
