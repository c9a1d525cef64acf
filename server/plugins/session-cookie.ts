import type { FastifyReply, FastifyRequest } from 'fastify';
import { AUTH_COOKIE } from '../../common/constants';
import { createSession, endSession } from '../services/accounts/sessions';
import type { Services } from '../services/bag';
import { authCookieOptions } from './auth';

/**
 * Logs a member in on this browser: a new session id every time (a session the browser held before
 * ends, so a planted cookie never becomes a logged-in one), sent as the auth cookie.
 */
export async function beginSession(
  request: FastifyRequest,
  reply: FastifyReply,
  services: Services,
  memberId: number,
): Promise<void> {
  await endSession(services.db, request.cookies[AUTH_COOKIE]);
  const token = await createSession(services.db, memberId, services.now());
  reply.setCookie(AUTH_COOKIE, token, authCookieOptions(services.config.trustProxy));
}

/** Ends this browser's session and removes its cookie. */
export async function endBrowserSession(request: FastifyRequest, reply: FastifyReply, services: Services) {
  await endSession(services.db, request.cookies[AUTH_COOKIE]);
  const { maxAge: _maxAge, ...options } = authCookieOptions(services.config.trustProxy);
  reply.clearCookie(AUTH_COOKIE, options);
}
