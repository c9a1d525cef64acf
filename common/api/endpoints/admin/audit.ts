import type { auditQuery, auditResponse } from '../../admin/audit';
import { endpoint } from '../../contract';

/** The audit log of staff actions: read only, every row is written by the action it records. */
export const adminAuditEndpoints = {
  list: endpoint<{ query: typeof auditQuery; response: typeof auditResponse }>('GET', '/api/admin/audit.php'),
};
