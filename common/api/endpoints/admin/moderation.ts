import type {
  photoQueueQuery,
  photoQueueResponse,
  photoReviewRequest,
  photoReviewResponse,
  reportDecisionRequest,
  reportDecisionResponse,
  reportListQuery,
  reportListResponse,
  reportQuery,
  reportResponse,
} from '../../admin/moderation';
import { endpoint } from '../../contract';

/**
 * The moderation queue: waiting photos and reports, and the decisions on them. The evidence
 * picture of a report (/api/admin/evidence-photo.php) answers image bytes, not JSON: the report
 * names its address and the browser loads it as an image.
 */
export const adminModerationEndpoints = {
  photos: endpoint<{ query: typeof photoQueueQuery; response: typeof photoQueueResponse }>(
    'GET',
    '/api/admin/photos.php',
  ),
  reviewPhoto: endpoint<{ body: typeof photoReviewRequest; response: typeof photoReviewResponse }>(
    'POST',
    '/api/admin/photo-review.php',
  ),
  reports: endpoint<{ query: typeof reportListQuery; response: typeof reportListResponse }>(
    'GET',
    '/api/admin/reports.php',
  ),
  report: endpoint<{ query: typeof reportQuery; response: typeof reportResponse }>(
    'GET',
    '/api/admin/report.php',
  ),
  decide: endpoint<{ body: typeof reportDecisionRequest; response: typeof reportDecisionResponse }>(
    'POST',
    '/api/admin/report-decision.php',
  ),
};
