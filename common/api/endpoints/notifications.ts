import { endpoint } from '../contract';
import type { notificationsResponse, notificationsUpdate } from '../settings-account';

/** The logged-in member's notification settings. */
export const notificationsEndpoints = {
  get: endpoint<{ response: typeof notificationsResponse }>('GET', '/api/notifications.php'),
  update: endpoint<{ body: typeof notificationsUpdate; response: typeof notificationsResponse }>(
    'PUT',
    '/api/notifications.php',
  ),
  essentialOnly: endpoint<{ response: typeof notificationsResponse }>(
    'POST',
    '/api/notifications-essential.php',
  ),
  enableEmail: endpoint<{ response: typeof notificationsResponse }>(
    'DELETE',
    '/api/notifications-disabled.php',
  ),
};
