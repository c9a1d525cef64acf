import { endpoint } from '../contract';
import type {
  accountDeletedResponse,
  accountDeletion,
  accountResponse,
  accountUpdate,
  blockRequest,
  blockResponse,
  blocksQuery,
  blocksResponse,
  pauseResponse,
} from '../settings-account';

/** The logged-in member's account: invisible mode, a pause, blocked members, deletion. */
export const accountEndpoints = {
  get: endpoint<{ response: typeof accountResponse }>('GET', '/api/account.php'),
  update: endpoint<{ body: typeof accountUpdate; response: typeof accountResponse }>(
    'PUT',
    '/api/account.php',
  ),
  pause: endpoint<{ response: typeof pauseResponse }>('POST', '/api/account-pause.php'),
  delete: endpoint<{ body: typeof accountDeletion; response: typeof accountDeletedResponse }>(
    'DELETE',
    '/api/account.php',
  ),
  blocks: endpoint<{ query: typeof blocksQuery; response: typeof blocksResponse }>('GET', '/api/blocks.php'),
  block: endpoint<{ body: typeof blockRequest; response: typeof blockResponse }>('POST', '/api/blocks.php'),
  unblock: endpoint<{ body: typeof blockRequest; response: typeof blockResponse }>(
    'DELETE',
    '/api/blocks.php',
  ),
};
