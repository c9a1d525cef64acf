import type { FastifyReply, FastifyRequest } from 'fastify';
import { adminSessionEndpoints } from '../../common/api/endpoints/admin/session';
import { userEndpoints } from '../../common/api/endpoints/user';
import type { Services } from '../services/bag';
import { secureCookies } from './session-cookie';

/**
 * The device pass (infra/device-pass.ts) as a cookie: a member's and a staff member's each its own,
 * kept for a year and renewed at every login. It is sent only to its login endpoint, never to a
 * script and on no cross-site request: nothing else needs it, and it is no session.
 */
export const DEVICE_COOKIE = 'device_pass';
export const STAFF_DEVICE_COOKIE = 'staff_device';
const DEVICE_PASS_DAYS = 365;

function options(path: string, secure: boolean) {
  return { path, httpOnly: true, sameSite: 'strict' as const, secure, maxAge: DEVICE_PASS_DAYS * 86_400 };
}

export function memberDevicePass(request: FastifyRequest): string | undefined {
  return request.cookies[DEVICE_COOKIE];
}

export function setMemberDevicePass(reply: FastifyReply, services: Services, pass: string): void {
  // Secure exactly when the session cookie is.
  reply.setCookie(DEVICE_COOKIE, pass, options(userEndpoints.login.path, secureCookies(services.config)));
}

export function staffDevicePass(request: FastifyRequest): string | undefined {
  return request.cookies[STAFF_DEVICE_COOKIE];
}

export function setStaffDevicePass(reply: FastifyReply, services: Services, pass: string): void {
  reply.setCookie(
    STAFF_DEVICE_COOKIE,
    pass,
    options(adminSessionEndpoints.login.path, secureCookies(services.config)),
  );
}
