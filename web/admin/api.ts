import { ApiError, apiFetch, withQuery } from '../api/client';

export { ApiError };

/** What adminGet accepts as a query: undefined, null and '' are left out. */
export type AdminQuery = Record<string, string | number | boolean | undefined | null>;

const BASE = '/api/admin/';

type SessionEndListener = () => void;
const sessionEndListeners = new Set<SessionEndListener>();

/**
 * Called when a console call answers 403 `authentication_required`: the staff session ended
 * (30 min idle, 8 h at most) and the console shows the login again.
 */
export function onStaffSessionEnded(listener: SessionEndListener) {
  sessionEndListeners.add(listener);
  return () => {
    sessionEndListeners.delete(listener);
  };
}

let lastAnswerAt = Date.now();

/**
 * When the server last answered a console call of a live session (each such call moves the
 * session's idle end on): the console hides itself once that is longer ago than the idle limit.
 */
export const lastStaffAnswerAt = () => lastAnswerAt;

async function call<T>(path: string, init: RequestInit & { json?: unknown }): Promise<T> {
  try {
    const answer = await apiFetch<T>(`${BASE}${path}`, init);
    lastAnswerAt = Date.now();
    return answer;
  } catch (error) {
    if (error instanceof ApiError) {
      if (error.status === 403 && error.code === 'authentication_required')
        for (const listener of sessionEndListeners) listener();
      else lastAnswerAt = Date.now();
    }
    throw error;
  }
}

const stringQuery = (query: AdminQuery) =>
  Object.fromEntries(Object.entries(query).map(([k, v]) => [k, typeof v === 'boolean' ? String(v) : v]));

/**
 * GET a console endpoint; `path` is relative to /api/admin/ (`adminGet('reports.php', { status:
 * 'open' })`). Errors are the member app's ApiError (status, code, message in the chosen language).
 * Query keys of console data start with 'admin' (see adminKey).
 */
export function adminGet<T>(path: string, query?: AdminQuery): Promise<T> {
  return call<T>(query ? withQuery(path, stringQuery(query)) : path, { method: 'GET' });
}

/** POST, PUT, PATCH or DELETE a console endpoint with an optional JSON body. */
export function adminSend<T>(
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  json?: unknown,
): Promise<T> {
  return call<T>(path, { method, json });
}

/** A query key for console data: ['admin', …parts]. A logout or session end clears all of them. */
export const adminKey = (...parts: unknown[]) => ['admin', ...parts] as const;
