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
import { errorResponse } from '../../../common/api/errors';
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

const errors = { 400: errorResponse, 403: errorResponse, 404: errorResponse };
const tags = ['admin'];

/**
 * The moderation queue (issue 9): support reads it (photos, reports, evidence) to answer members;
 * only a moderator or an admin decides. Every decision writes its audit rows in its transaction.
 */
export const adminModerationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { services } = app;

  app.get(
    '/api/admin/photos.php',
    {
      schema: {
        summary: 'Photos waiting for a moderator (new and changed), oldest first',
        tags,
        querystring: photoQueueQuery,
        response: { 200: photoQueueResponse, ...errors },
      },
    },
    async (request, reply) => {
      await requireStaff(request, reply, services, 'support');
      return photoQueue(services, request.query);
    },
  );

  app.post(
    '/api/admin/photo-review.php',
    {
      schema: {
        summary: 'Approves a waiting photo, or rejects it with a reason the member is told (moderator)',
        tags,
        body: photoReviewRequest,
        response: { 200: photoReviewResponse, ...errors, 409: errorResponse },
      },
    },
    async (request, reply) => {
      const staff = await requireStaff(request, reply, services, 'moderator');
      return { photo: await reviewPhoto(services, staff.id, request.body, request.log) };
    },
  );

  app.get(
    '/api/admin/reports.php',
    {
      schema: {
        summary: 'Reports: open ones oldest first (the queue), decided ones newest first',
        tags,
        querystring: reportListQuery,
        response: { 200: reportListResponse, ...errors },
      },
    },
    async (request, reply) => {
      await requireStaff(request, reply, services, 'support');
      return listReports(services, request.query);
    },
  );

  app.get(
    '/api/admin/report.php',
    {
      schema: {
        summary:
          'A report with its evidence, the reported member’s account and history, and their other open reports',
        tags,
        querystring: reportQuery,
        response: { 200: reportResponse, ...errors },
      },
    },
    async (request, reply) => {
      await requireStaff(request, reply, services, 'support');
      return reportDetail(services, request.query.id);
    },
  );

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

  app.post(
    '/api/admin/report-decision.php',
    {
      schema: {
        summary:
          'Decides a report (and other open reports on the same member): warn, hide a photo, suspend, ban or dismiss, with the statement of reasons (moderator)',
        tags,
        body: reportDecisionRequest,
        response: { 200: reportDecisionResponse, ...errors, 409: errorResponse },
      },
    },
    async (request, reply) => {
      const staff = await requireStaff(request, reply, services, 'moderator');
      const decided = await decideReport(services, staff.id, request.body, request.log);
      const member = await reportedMember(services, await reportedIdOf(services.db, request.body.report_id));
      return { decided, member };
    },
  );
};
