import type { FastifyReply, FastifyRequest } from 'fastify';
import { roleAtLeast, type StaffRole } from '../../common/api/admin/staff';
import { STAFF_SESSION_IDLE_MINUTES } from '../../common/constants';
import { type StaffSession, staffForToken } from '../services/admin/staff/sessions';
import type { Services } from '../services/bag';
import { ApiError } from './errors';
import { secureCookies } from './session-cookie';

/**
 * The console's cookie: its own name, only sent to the console's API, never to a script, not on
 * any cross-site request, and short-lived (the server ends the session sooner when idle).
 */
export const STAFF_COOKIE = 'staff_session';

export function staffCookieOptions(secure: boolean) {
  return {
    path: '/api/admin',
    httpOnly: true,
    sameSite: 'strict' as const,
    secure,
    maxAge: STAFF_SESSION_IDLE_MINUTES * 60,
  };
}

/** The one writer of the console's cookie: set at login and renewed with the session. */
export function setStaffCookie(reply: FastifyReply, services: Pick<Services, 'config'>, token: string): void {
  reply.setCookie(STAFF_COOKIE, token, staffCookieOptions(secureCookies(services.config)));
}

/** Removes the console's cookie, with the attributes it was set with. */
export function clearStaffCookie(reply: FastifyReply, services: Pick<Services, 'config'>): void {
  const { maxAge: _maxAge, ...options } = staffCookieOptions(secureCookies(services.config));
  reply.clearCookie(STAFF_COOKIE, options);
}

type StaffCache = FastifyRequest & { staffCache?: Promise<StaffSession | null> };

export function currentStaff(request: FastifyRequest, services: Services): Promise<StaffSession | null> {
  const r = request as StaffCache;
  r.staffCache ??= staffForToken(services.db, request.cookies[STAFF_COOKIE], services.now());
  return r.staffCache;
}

/**
 * Every console endpoint starts here: 403 `authentication_required` without a staff session
 * (a member's session is no staff session), 403 `staff_role_required` when the role is too low.
 * The cookie's life is renewed with the session's.
 */
export async function requireStaff(
  request: FastifyRequest,
  reply: FastifyReply,
  services: Services,
  role: StaffRole,
): Promise<StaffSession> {
  const session = await currentStaff(request, services);
  if (!session) throw new ApiError(403, 'authentication_required');
  setStaffCookie(reply, services, request.cookies[STAFF_COOKIE] as string);
  if (!roleAtLeast(session.role, role)) throw new ApiError(403, 'staff_role_required');
  return session;
}
