import type {
  addDirectDebitBlockRequest,
  directDebitBlockResponse,
  directDebitBlocksResponse,
  removeDirectDebitBlockRequest,
  removedResponse,
} from '../../admin/direct-debit';
import { endpoint } from '../../contract';

/** The console's direct-debit block list (admin): list, add and remove blocked bank accounts. */
export const adminDirectDebitEndpoints = {
  list: endpoint<{ response: typeof directDebitBlocksResponse }>('GET', '/api/admin/direct-debit-blocks.php'),
  add: endpoint<{ body: typeof addDirectDebitBlockRequest; response: typeof directDebitBlockResponse }>(
    'POST',
    '/api/admin/direct-debit-blocks.php',
  ),
  remove: endpoint<{ body: typeof removeDirectDebitBlockRequest; response: typeof removedResponse }>(
    'DELETE',
    '/api/admin/direct-debit-blocks.php',
  ),
};
