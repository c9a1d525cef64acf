import { endpoint } from '../contract';
import type { pageHiddenBody, pageHiddenResponse } from '../notification-mail';

/** The beacon of a page that became hidden (sent with `navigator.sendBeacon`, so by its path). */
export const pageHiddenEndpoints = {
  hidden: endpoint<{ body: typeof pageHiddenBody; response: typeof pageHiddenResponse }>(
    'POST',
    '/api/page-hidden.php',
  ),
};
