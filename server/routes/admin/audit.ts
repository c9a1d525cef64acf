import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditQuery, auditResponse } from '../../../common/api/admin/audit';
import { errorResponse } from '../../../common/api/errors';
import { requireStaff } from '../../plugins/staff-auth';
import { readAuditLog } from '../../services/safety/moderation/audit-log';

/**
 * GET /api/admin/audit.php (issue 9): the audit log for moderators and admins. There is no call
 * that changes it: every row is written by the action it records, in that action's transaction.
 */
export const adminAuditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/audit.php',
    {
      schema: {
        summary: 'The audit log of staff actions, newest first (moderator)',
        tags: ['admin'],
        querystring: auditQuery,
        response: { 200: auditResponse, 400: errorResponse, 403: errorResponse },
      },
    },
    async (request, reply) => {
      await requireStaff(request, reply, app.services, 'moderator');
      return readAuditLog(app.services.db, request.query);
    },
  );
};
