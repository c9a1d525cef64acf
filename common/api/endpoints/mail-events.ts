import { endpoint } from '../contract';
import type { mailEvent, mailEventResponse } from '../notification-mail';

/** The mail provider's report of a bounce, a spam complaint or an unsubscribe (not a browser call). */
export const mailEventsEndpoints = {
  report: endpoint<{ body: typeof mailEvent; response: typeof mailEventResponse }>(
    'POST',
    '/api/mail-events.php',
  ),
};
