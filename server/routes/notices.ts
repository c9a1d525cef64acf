import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { noticesEndpoints } from '../../common/api/endpoints/notices';
import { noticesReadRequest, noticesReadResponse, noticesResponse } from '../../common/api/reports';
import { requireMember } from '../plugins/auth';
import { serve } from '../plugins/endpoint';
import { markNoticesRead, myNotices } from '../services/safety/reports/mine';

/**
 * /api/notices.php: what moderators decided that concerns the member (a statement of
 * reasons, the outcome of their report, a rejected photo), and marking it read.
 */
export const noticesRoutes: FastifyPluginAsyncZod = async (app) => {
  serve(
    app,
    noticesEndpoints.list,
    {
      summary: 'The member’s notices of moderators’ decisions, newest first, and how many are unread',
      schemas: { response: noticesResponse },
      errors: [403],
    },
    async (request) => {
      const memberId = await requireMember(request, app.services);
      return myNotices(app.services.db, memberId);
    },
  );

  serve(
    app,
    noticesEndpoints.markRead,
    {
      summary: 'Marks the member’s notices read: the ones named, or all',
      schemas: { body: noticesReadRequest, response: noticesReadResponse },
      errors: [400, 403],
    },
    async (request) => {
      const memberId = await requireMember(request, app.services);
      return markNoticesRead(app.services.db, memberId, request.body.ids, app.services.now());
    },
  );
};
