import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse } from '../../common/api/errors';
import { noticesReadRequest, noticesReadResponse, noticesResponse } from '../../common/api/reports';
import { requireMember } from '../plugins/auth';
import { markNoticesRead, myNotices } from '../services/safety/reports/mine';

/**
 * /api/notices.php (issue 9): what moderators decided that concerns the member (a statement of
 * reasons, the outcome of their report, a rejected photo), and marking it read.
 */
export const noticesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/notices.php',
    {
      schema: {
        summary: 'The member’s notices of moderators’ decisions, newest first, and how many are unread',
        response: { 200: noticesResponse, 403: errorResponse },
      },
    },
    async (request) => {
      const memberId = await requireMember(request, app.services);
      return myNotices(app.services.db, memberId);
    },
  );

  app.post(
    '/api/notices.php',
    {
      schema: {
        summary: 'Marks the member’s notices read: the ones named, or all',
        body: noticesReadRequest,
        response: { 200: noticesReadResponse, 400: errorResponse, 403: errorResponse },
      },
    },
    async (request) => {
      const memberId = await requireMember(request, app.services);
      return markNoticesRead(app.services.db, memberId, request.body.ids, app.services.now());
    },
  );
};
