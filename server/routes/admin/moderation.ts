import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  evidencePhotoQuery,
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
} from '../../../common/api/admin/moderation';
import { adminModerationEndpoints } from '../../../common/api/endpoints/admin/moderation';
import { serve } from '../../plugins/endpoint';
import { sendError } from '../../plugins/errors';
import { requireStaff } from '../../plugins/staff-auth';
import { decideReport, reportedIdOf } from '../../services/safety/moderation/decisions';
import { photoQueue, reviewPhoto } from '../../services/safety/moderation/photo-queue';
import {
  evidencePhotoKey,
  listReports,
  reportDetail,
  reportedMember,
} from '../../services/safety/moderation/report-queue';

const errors = [400, 403, 404] as const;
const tags = ['admin'];

/**
 * The moderation queue: support reads it (photos, reports, evidence) to answer members;
 * only a moderator or an admin decides. Every decision writes its audit rows in its transaction.
 */
export const adminModerationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { services } = app;

  serve(
    app,
    adminModerationEndpoints.photos,
    {
      summary: 'Photos waiting for a moderator (new and changed), oldest first',
      tags,
      schemas: { query: photoQueueQuery, response: photoQueueResponse },
      errors,
    },
    async (request, reply) => {
      await requireStaff(request, reply, services, 'support');
      return photoQueue(services, request.query);
    },
  );

  serve(
    app,
    adminModerationEndpoints.reviewPhoto,
    {
      summary: 'Approves a waiting photo, or rejects it with a reason the member is told (moderator)',
      tags,
      schemas: { body: photoReviewRequest, response: photoReviewResponse },
      errors: [...errors, 409],
    },
    async (request, reply) => {
      const staff = await requireStaff(request, reply, services, 'moderator');
      return { photo: await reviewPhoto(services, staff.id, request.body, request.log) };
    },
  );

  serve(
    app,
    adminModerationEndpoints.reports,
    {
      summary: 'Reports: open ones oldest first (the queue), decided ones newest first',
      tags,
      schemas: { query: reportListQuery, response: reportListResponse },
      errors,
    },
    async (request, reply) => {
      await requireStaff(request, reply, services, 'support');
      return listReports(services, request.query);
    },
  );

  serve(
    app,
    adminModerationEndpoints.report,
    {
      summary:
        'A report with its evidence, the reported member’s account and history, and their other open reports',
      tags,
      schemas: { query: reportQuery, response: reportResponse },
      errors,
    },
    async (request, reply) => {
      await requireStaff(request, reply, services, 'support');
      return reportDetail(services, request.query.id);
    },
  );

  // Image bytes, not JSON: outside the endpoint contract. The report names this address and the
  // browser loads it as an image.
  app.get(
    '/api/admin/evidence-photo.php',
    {
      schema: {
        summary: 'The picture of a photo message kept as a report’s evidence',
        tags,
        querystring: evidencePhotoQuery,
      },
    },
    async (request, reply) => {
      await requireStaff(request, reply, services, 'support');
      const key = await evidencePhotoKey(services.db, request.query.report_id, request.query.message_id);
      const bytes = await services.storage.get(key);
      if (!bytes) return sendError(request, reply, 404, 'not_found');
      return reply
        .type('image/webp')
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(bytes);
    },
  );

  serve(
    app,
    adminModerationEndpoints.decide,
    {
      summary:
        'Decides a report (and other open reports on the same member): warn, hide a photo, suspend, ban or dismiss, with the statement of reasons (moderator)',
      tags,
      schemas: { body: reportDecisionRequest, response: reportDecisionResponse },
      errors: [...errors, 409],
    },
    async (request, reply) => {
      const staff = await requireStaff(request, reply, services, 'moderator');
      const decided = await decideReport(services, staff.id, request.body, request.log);
      const member = await reportedMember(services, await reportedIdOf(services.db, request.body.report_id));
      return { decided, member };
    },
  );
};
