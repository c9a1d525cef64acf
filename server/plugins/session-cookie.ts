import type { FastifyReply, FastifyRequest } from 'fastify';
import { AUTH_COOKIE } from '../../common/constants';
import type { Config } from '../config';
import { createSession, endSession } from '../services/accounts/sessions';
import type { Services } from '../services/bag';
import { authCookieOptions } from './auth';

/**
 * Whether the session cookies (the member's and the console's) carry `Secure`: decided once, from
 * the configuration (the app runs behind a TLS-terminating proxy), never from the request, whose
 * scheme depends on a header the proxy may not send.
 */
export function secureCookies(config: Pick<Config, 'trustProxy'>): boolean {
  return config.trustProxy;
}

/**
 * The one writer of the member's session cookie: every login, signup, reactivation and password
 * change sets it here, with the same attributes.
 */
export function setAuthCookie(reply: FastifyReply, services: Pick<Services, 'config'>, token: string): void {
  reply.setCookie(AUTH_COOKIE, token, authCookieOptions(secureCookies(services.config)));
}

/** Removes the member's session cookie, with the attributes it was set with. */
export function clearAuthCookie(reply: FastifyReply, services: Pick<Services, 'config'>): void {
  const { maxAge: _maxAge, ...options } = authCookieOptions(secureCookies(services.config));
  reply.clearCookie(AUTH_COOKIE, options);
}

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
  await endSession(services, request.cookies[AUTH_COOKIE]);
  const token = await createSession(services.db, memberId, services.now());
  setAuthCookie(reply, services, token);
}

/** Ends this browser's session (its sockets close) and removes its cookie. */
export async function endBrowserSession(request: FastifyRequest, reply: FastifyReply, services: Services) {
  await endSession(services, request.cookies[AUTH_COOKIE]);
  clearAuthCookie(reply, services);
}
