import type { FastifyPluginAsync } from 'fastify';
import { ApiError } from '../../plugins/errors';
import { currentStaff } from '../../plugins/staff-auth';
import { adminAuditRoutes } from './audit';
import { adminComplaintsRoutes } from './complaints';
import { adminDirectDebitRoutes } from './direct-debit';
import { adminDocsRoutes } from './docs';
import { adminFiguresRoutes } from './figures';
import { adminMembersRoutes } from './members';
import { adminModerationRoutes } from './moderation';
import { adminPromosRoutes } from './promos';
import { adminSessionRoutes } from './session';
import { adminSitesRoutes } from './sites';

/**
 * The operator console's API, all under /api/admin/: every route checks the staff
 * session and role itself (plugins/staff-auth.ts requireStaff). Each console screen family adds
 * its module here.
 */
export const adminRoutes: FastifyPluginAsync = async (app) => {
  await app.register(adminSessionRoutes);
  await app.register(async (guarded) => {
    // Before anything reads a console call's input, it must come with a staff session: a member or
    // a visitor learns nothing, not even which input a call wants. The role is each route's own check.
    guarded.addHook('onRequest', async (request) => {
      if (!(await currentStaff(request, app.services))) throw new ApiError(403, 'authentication_required');
    });
    await guarded.register(adminDocsRoutes);
    await guarded.register(adminModerationRoutes);
    await guarded.register(adminAuditRoutes);
    await guarded.register(adminSitesRoutes);
    await guarded.register(adminFiguresRoutes);
    await guarded.register(adminMembersRoutes);
    await guarded.register(adminComplaintsRoutes);
    await guarded.register(adminDirectDebitRoutes);
    await guarded.register(adminPromosRoutes);
  });
};
