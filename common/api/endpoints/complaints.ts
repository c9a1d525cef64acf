import type { complainantResponse, complaintRequest, complaintResponse } from '../complaints';
import { endpoint } from '../contract';

/** The complaints form, for visitors and members alike. */
export const complaintsEndpoints = {
  complainant: endpoint<{ response: typeof complainantResponse }>('GET', '/api/complaints.php'),
  file: endpoint<{ body: typeof complaintRequest; response: typeof complaintResponse }>(
    'POST',
    '/api/complaints.php',
  ),
};
