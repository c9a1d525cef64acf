import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditQuery, auditResponse } from '../../../common/api/admin/audit';
import { adminAuditEndpoints } from '../../../common/api/endpoints/admin/audit';
import { serve } from '../../plugins/endpoint';
import { requireStaff } from '../../plugins/staff-auth';
import { readAuditLog } from '../../services/safety/moderation/audit-log';

/**
 * GET /api/admin/audit.php: the audit log for moderators and admins. There is no call
 * that changes it: every row is written by the action it records, in that action's transaction.
 */
export const adminAuditRoutes: FastifyPluginAsyncZod = async (app) => {
  serve(
    app,
    adminAuditEndpoints.list,
    {
      summary: 'The audit log of staff actions, newest first (moderator)',
      tags: ['admin'],
      schemas: { query: auditQuery, response: auditResponse },
      errors: [400, 403],
    },
    async (request, reply) => {
      await requireStaff(request, reply, app.services, 'moderator');
      return readAuditLog(app.services.db, request.query);
    },
  );
};
