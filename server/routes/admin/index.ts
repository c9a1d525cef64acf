import type { FastifyPluginAsync } from 'fastify';
import { adminSessionRoutes } from './session';

/**
 * The operator console's API (issue 9), all under /api/admin/: every route checks the staff
 * session and role itself (plugins/staff-auth.ts requireStaff). Each console screen family adds
 * its module here.
 */
export const adminRoutes: FastifyPluginAsync = async (app) => {
  await app.register(adminSessionRoutes);
};
