import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { staffLoginRequest, staffResponse } from '../../../common/api/admin/staff';
import { adminSessionEndpoints } from '../../../common/api/endpoints/admin/session';
import { serve } from '../../plugins/endpoint';
import { currentStaff, STAFF_COOKIE, staffCookieOptions } from '../../plugins/staff-auth';
import { presentStaffSession } from '../../presenters/staff';
import { staffLogin } from '../../services/admin/staff/accounts';
import { createStaffSession, endStaffSession, pruneStaffSessions } from '../../services/admin/staff/sessions';

const tags = ['admin'];

/** The console's login (password and TOTP code), who is logged in, and logout. */
export const adminSessionRoutes: FastifyPluginAsyncZod = async (app) => {
  serve(
    app,
    adminSessionEndpoints.login,
    {
      summary: 'Staff login: e-mail, password and the authenticator code; starts a short console session',
      tags,
      schemas: { body: staffLoginRequest, response: staffResponse },
      errors: [400, 401, 429],
    },
    async (request, reply) => {
      const { services } = app;
      const staffId = await staffLogin(services, { ...request.body, address: request.ip });
      await endStaffSession(services.db, request.cookies[STAFF_COOKIE]);
      await pruneStaffSessions(services.db, services.now());
      const { token } = await createStaffSession(services.db, staffId, services.now());
      reply.setCookie(STAFF_COOKIE, token, staffCookieOptions(services.config.trustProxy));
      request.cookies[STAFF_COOKIE] = token;
      const session = await currentStaff(request, services);
      return { staff: session && presentStaffSession(session) };
    },
  );

  serve(
    app,
    adminSessionEndpoints.me,
    {
      summary: 'The staff member of this console session, or null',
      tags,
      schemas: { response: staffResponse },
    },
    async (request, reply) => {
      const session = await currentStaff(request, app.services);
      if (session)
        reply.setCookie(
          STAFF_COOKIE,
          request.cookies[STAFF_COOKIE] as string,
          staffCookieOptions(app.services.config.trustProxy),
        );
      return { staff: session && presentStaffSession(session) };
    },
  );

  serve(
    app,
    adminSessionEndpoints.logout,
    { summary: 'Ends this console session', tags, schemas: { response: staffResponse } },
    async (request, reply) => {
      await endStaffSession(app.services.db, request.cookies[STAFF_COOKIE]);
      const { maxAge: _, ...options } = staffCookieOptions(app.services.config.trustProxy);
      reply.clearCookie(STAFF_COOKIE, options);
      return { staff: null };
    },
  );
};
