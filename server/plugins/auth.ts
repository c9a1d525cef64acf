import type { FastifyRequest } from 'fastify';
import { AUTH_COOKIE, AUTH_COOKIE_DAYS } from '../../common/constants';
import { memberForToken, tokenHash } from '../services/accounts/sessions';
import type { Services } from '../services/bag';
import { ApiError } from './errors';

/**
 * The member a request is from, or null: read once per request from the auth cookie's session.
 * A session belongs to one site: a cookie shown on another site's domain is not a login there.
 */
export async function currentMemberId(request: FastifyRequest, services: Services): Promise<number | null> {
  const cached = (request as MemberCache).memberIdCache;
  if (cached) return cached;
  const lookup = memberForToken(services.db, request.cookies[AUTH_COOKIE], services.now(), request.site.id);
  (request as MemberCache).memberIdCache = lookup;
  return lookup;
}

type MemberCache = FastifyRequest & { memberIdCache?: Promise<number | null> };

/**
 * For a hot route that reads the session in its own query (`sessionMember` in services/accounts/sessions.ts,
 * the same rule): the hash of the request's token, or null when it has none. The route then
 * records what it found with `rememberMember`, so that currentMemberId agrees for the request.
 */
export function requestTokenHash(request: FastifyRequest): string | null {
  return tokenHash(request.cookies[AUTH_COOKIE]);
}

export function rememberMember(request: FastifyRequest, memberId: number | null): void {
  (request as MemberCache).memberIdCache = Promise.resolve(memberId);
}

/** Every member-only endpoint starts here: 403 `authentication_required` for visitors. */
export async function requireMember(request: FastifyRequest, services: Services): Promise<number> {
  const id = await currentMemberId(request, services);
  if (id === null) throw new ApiError(403, 'authentication_required');
  return id;
}

/**
 * The auth cookie's attributes: HttpOnly, SameSite=Lax, Secure behind HTTPS, 30 days, path /. The
 * cookie itself is written and removed only by session-cookie.ts, which decides `secure`.
 */
export function authCookieOptions(secure: boolean) {
  return {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure,
    maxAge: AUTH_COOKIE_DAYS * 86_400,
  };
}
