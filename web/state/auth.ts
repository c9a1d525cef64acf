import { useCallback } from 'react';
import { logout } from '../api/auth';

/** A redirect target from a query string, only when it is a path on this site (no open redirect). */
export function safeRedirect(value: string | null | undefined): string | null {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  return value.length <= 500 ? value : null;
}

/** Why a visitor was sent to log in (the login-required messages). */
export const LOGIN_REASONS = ['chat', 'photo', 'gift', 'like'] as const;
export type LoginReason = (typeof LOGIN_REASONS)[number];

/** The login page that brings the member back to `redirect` afterwards, saying why when a reason is given. */
export function loginPath(redirect?: string, reason?: LoginReason): string {
  const params = new URLSearchParams();
  if (redirect && safeRedirect(redirect)) params.set('redirect', redirect);
  if (reason) params.set('reason', reason);
  const qs = params.toString();
  return qs ? `/login?${qs}` : '/login';
}

/**
 * Logs out (here, or on every device) and starts the home page afresh: a full load leaves nothing
 * of the member in memory, and no member screen gets to react to the logged-out state first.
 */
export function useLogout() {
  return useCallback(async (everywhere = false) => {
    // Logged out on this screen even when the server cannot be reached: the session then ends
    // on its own, and a later call would only get authentication_required.
    await logout(everywhere).catch(() => undefined);
    window.location.assign('/');
  }, []);
}
