import type {
  complaintIdQuery,
  complaintMailRequest,
  complaintResponse,
  complaintsQuery,
  complaintsResponse,
  complaintUpdateRequest,
} from '../../admin/complaints';
import { endpoint } from '../../contract';

/** Complaints from the complaints form: the list, one complaint, its state and its mail. */
export const adminComplaintsEndpoints = {
  list: endpoint<{ query: typeof complaintsQuery; response: typeof complaintsResponse }>(
    'GET',
    '/api/admin/complaints.php',
  ),
  one: endpoint<{ query: typeof complaintIdQuery; response: typeof complaintResponse }>(
    'GET',
    '/api/admin/complaint.php',
  ),
  changeStatus: endpoint<{ body: typeof complaintUpdateRequest; response: typeof complaintResponse }>(
    'PATCH',
    '/api/admin/complaint.php',
  ),
  resendMail: endpoint<{ body: typeof complaintMailRequest; response: typeof complaintResponse }>(
    'POST',
    '/api/admin/complaint-mail.php',
  ),
};
