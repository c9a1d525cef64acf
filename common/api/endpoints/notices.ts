import { endpoint } from '../contract';
import type { noticesReadRequest, noticesReadResponse, noticesResponse } from '../reports';

/** Moderators' decisions that concern the member, and marking them read. */
export const noticesEndpoints = {
  list: endpoint<{ response: typeof noticesResponse }>('GET', '/api/notices.php'),
  markRead: endpoint<{ body: typeof noticesReadRequest; response: typeof noticesReadResponse }>(
    'POST',
    '/api/notices.php',
  ),
};
