import type {
  creditAdjustmentRequest,
  creditAdjustmentResponse,
  endSessionsRequest,
  endSessionsResponse,
  fictionalRequest,
  fictionalResponse,
  memberLedgerQuery,
  memberLedgerResponse,
  memberRecordQuery,
  memberRecordResponse,
  memberSearchQuery,
  memberSearchResponse,
  refundRequest,
  refundResponse,
  sanctionRequest,
  sanctionResponse,
} from '../../admin/members';
import { endpoint } from '../../contract';

/**
 * The console's members: search, records and ledgers, and the changes staff make to a member. A
 * member's photo for staff (/api/admin/member-photo.php) answers image bytes, not JSON: the record
 * names its address and the browser loads it as an image.
 */
export const adminMembersEndpoints = {
  search: endpoint<{ query: typeof memberSearchQuery; response: typeof memberSearchResponse }>(
    'GET',
    '/api/admin/members.php',
  ),
  record: endpoint<{ query: typeof memberRecordQuery; response: typeof memberRecordResponse }>(
    'GET',
    '/api/admin/member.php',
  ),
  ledger: endpoint<{ query: typeof memberLedgerQuery; response: typeof memberLedgerResponse }>(
    'GET',
    '/api/admin/member-ledger.php',
  ),
  adjustCredits: endpoint<{
    body: typeof creditAdjustmentRequest;
    response: typeof creditAdjustmentResponse;
  }>('POST', '/api/admin/member-credits.php'),
  refund: endpoint<{ body: typeof refundRequest; response: typeof refundResponse }>(
    'POST',
    '/api/admin/member-refund.php',
  ),
  setFictional: endpoint<{ body: typeof fictionalRequest; response: typeof fictionalResponse }>(
    'PUT',
    '/api/admin/member-fictional.php',
  ),
  endSessions: endpoint<{ body: typeof endSessionsRequest; response: typeof endSessionsResponse }>(
    'DELETE',
    '/api/admin/member-sessions.php',
  ),
  sanction: endpoint<{ body: typeof sanctionRequest; response: typeof sanctionResponse }>(
    'POST',
    '/api/admin/member-sanction.php',
  ),
};
