import { endpoint } from '../contract';
import type { settingsQuery, settingsResponse } from '../settings';

/** The settings of the site a request is for. */
export const settingsEndpoints = {
  get: endpoint<{ query: typeof settingsQuery; response: typeof settingsResponse }>(
    'GET',
    '/api/settings.php',
  ),
};
