import { endpoint } from '../contract';
import type { unsubscribeBody, unsubscribeQuery, unsubscribeResponse } from '../notification-mail';

/** The one-click unsubscribe of notification mails, by the token of the mail. */
export const unsubscribeEndpoints = {
  unsubscribe: endpoint<{
    query: typeof unsubscribeQuery;
    body: typeof unsubscribeBody;
    response: typeof unsubscribeResponse;
  }>('POST', '/api/unsubscribe.php'),
};
