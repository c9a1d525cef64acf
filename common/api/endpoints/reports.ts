import { endpoint } from '../contract';
import type { myReportsQuery, myReportsResponse, reportForm, reportResponse } from '../reports';

/** A member reports another, and reads their own reports. */
export const reportsEndpoints = {
  file: endpoint<{ body: typeof reportForm; response: typeof reportResponse }>('POST', '/api/reports.php'),
  mine: endpoint<{ query: typeof myReportsQuery; response: typeof myReportsResponse }>(
    'GET',
    '/api/reports.php',
  ),
};
