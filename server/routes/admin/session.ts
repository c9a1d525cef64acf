import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { staffLoginRequest, staffResponse } from '../../../common/api/admin/staff';
import { adminSessionEndpoints } from '../../../common/api/endpoints/admin/session';
import { setStaffDevicePass, staffDevicePass } from '../../plugins/device-cookie';
import { serve } from '../../plugins/endpoint';
import { withRetryAfter } from '../../plugins/retry-after';
import { clearStaffCookie, currentStaff, STAFF_COOKIE, setStaffCookie } from '../../plugins/staff-auth';
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
      const { staffId, devicePass } = await withRetryAfter(
        reply,
        staffLogin(services, { ...request.body, address: request.ip, devicePass: staffDevicePass(request) }),
      );
      await endStaffSession(services.db, request.cookies[STAFF_COOKIE]);
      await pruneStaffSessions(services.db, services.now());
      const { token } = await createStaffSession(services.db, staffId, services.now());
      setStaffCookie(reply, services, token);
      request.cookies[STAFF_COOKIE] = token;
      setStaffDevicePass(reply, services, devicePass);
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
      if (session) setStaffCookie(reply, app.services, request.cookies[STAFF_COOKIE] as string);
      return { staff: session && presentStaffSession(session) };
    },
  );

  serve(
    app,
    adminSessionEndpoints.logout,
    { summary: 'Ends this console session', tags, schemas: { response: staffResponse } },
    async (request, reply) => {
      await endStaffSession(app.services.db, request.cookies[STAFF_COOKIE]);
      clearStaffCookie(reply, app.services);
      return { staff: null };
    },
  );
};
