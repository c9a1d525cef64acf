import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { staffLoginRequest, staffResponse } from '../../../common/api/admin/staff';
import { errorResponse } from '../../../common/api/errors';
import { currentStaff, STAFF_COOKIE, staffCookieOptions } from '../../plugins/staff-auth';
import { staffLogin } from '../../services/admin/staff/accounts';
import {
  createStaffSession,
  endStaffSession,
  pruneStaffSessions,
  type StaffSession,
} from '../../services/admin/staff/sessions';

const present = (s: StaffSession) => ({
  id: s.id,
  email: s.email,
  name: s.name,
  role: s.role,
  session_expires: s.expiresAt.toISOString(),
});

/** The console's login (password and TOTP code), who is logged in, and logout. */
export const adminSessionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/admin/login.php',
    {
      schema: {
        summary: 'Staff login: e-mail, password and the authenticator code; starts a short console session',
        tags: ['admin'],
        body: staffLoginRequest,
        response: { 200: staffResponse, 400: errorResponse, 401: errorResponse, 429: errorResponse },
      },
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
      return { staff: session && present(session) };
    },
  );

  app.get(
    '/api/admin/me.php',
    {
      schema: {
        summary: 'The staff member of this console session, or null',
        tags: ['admin'],
        response: { 200: staffResponse },
      },
    },
    async (request, reply) => {
      const session = await currentStaff(request, app.services);
      if (session)
        reply.setCookie(
          STAFF_COOKIE,
          request.cookies[STAFF_COOKIE] as string,
          staffCookieOptions(app.services.config.trustProxy),
        );
      return { staff: session && present(session) };
    },
  );

  app.post(
    '/api/admin/logout.php',
    { schema: { summary: 'Ends this console session', tags: ['admin'], response: { 200: staffResponse } } },
    async (request, reply) => {
      await endStaffSession(app.services.db, request.cookies[STAFF_COOKIE]);
      const { maxAge: _, ...options } = staffCookieOptions(app.services.config.trustProxy);
      reply.clearCookie(STAFF_COOKIE, options);
      return { staff: null };
    },
  );
};
