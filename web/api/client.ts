import type { CallInput, CallOutput, Endpoint } from '../../common/api/contract';
import type { ErrorResponse } from '../../common/api/errors';
import { REQUEST_RETRIES } from '../../common/constants';

/**
 * An API answer that was not 2xx, with the server's error code and member-language message, and the
 * pause its Retry-After header asks for (seconds).
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ErrorResponse | null,
    readonly retryAfter?: number,
  ) {
    super(body?.message ?? `HTTP ${status}`);
  }
  get code() {
    return this.body?.error ?? 'internal';
  }
}

type AuthListener = () => void;
const authListeners = new Set<AuthListener>();

/** Called when the server says the session is gone: the app logs the member out. */
export function onAuthenticationRequired(listener: AuthListener) {
  authListeners.add(listener);
  return () => authListeners.delete(listener);
}

const USER_ENDPOINT = '/api/user.php';

/**
 * Whether the last telling answer was 503 `unavailable` (the database is out of reach). The notice
 * that says so is loaded only then, so the first route carries none of it, and goes at the first
 * call that succeeds.
 */
let unavailable = false;
function noteAvailability(down: boolean) {
  if (down === unavailable) return;
  unavailable = down;
  void import('../components/UnavailableNotice').then(
    (m) => m.showUnavailable(down),
    () => undefined,
  );
}

/**
 * The one fetch wrapper: marks every call as a client request (the CSRF header),
 * sends and reads JSON, and turns a 403 `authentication_required` into a logout, except from the
 * user endpoint itself, which answers for the login state.
 */
export async function apiFetch<T>(path: string, init: RequestInit & { json?: unknown } = {}): Promise<T> {
  const { json, headers, ...rest } = init;
  const res = await fetch(path, {
    credentials: 'same-origin',
    ...rest,
    headers: {
      'X-Requested-With': 'XMLHttpRequest',
      Accept: 'application/json',
      ...(json !== undefined ? { 'Content-Type': 'application/json' } : {}),
      ...headers,
    },
    body: json !== undefined ? JSON.stringify(json) : rest.body,
  });
  const text = await res.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  if (!res.ok) {
    const error = new ApiError(
      res.status,
      (body as ErrorResponse) ?? null,
      Number(res.headers.get('retry-after')) || undefined,
    );
    if (error.code === 'unavailable' && res.status === 503) noteAvailability(true);
    // The operator console's calls (/api/admin/) answer for a staff session, not the member's.
    const memberCall = !path.startsWith(USER_ENDPOINT) && !path.startsWith('/api/admin/');
    if (res.status === 403 && error.code === 'authentication_required' && memberCall) {
      for (const listener of authListeners) listener();
    }
    throw error;
  }
  noteAvailability(false);
  return body as T;
}

/**
 * 5 retries with exponential delay, for failures a retry can mend; while the service is unavailable
 * (503 `unavailable`) without end, as the notice promises, each after the pause the server asks for.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.code === 'unavailable' && error.status === 503) return true;
  if (failureCount >= REQUEST_RETRIES) return false;
  if (error instanceof ApiError) return error.status >= 500 || error.status === 429 || error.status === 408;
  return true;
}

export function retryDelay(attempt: number, error?: unknown): number {
  if (error instanceof ApiError && error.retryAfter) return error.retryAfter * 1000;
  return Math.min(500 * 2 ** attempt, 16_000);
}

/** Builds a query string from defined values (a list repeats its key). */
export function withQuery(path: string, query: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query))
    for (const item of Array.isArray(v) ? v : [v])
      if (item !== undefined && item !== null && item !== '') params.append(k, String(item));
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

/** What `call` takes after the endpoint: its input (optional when nothing is required) and fetch options. */
export type CallArgs<E extends Endpoint> =
  Record<never, never> extends CallInput<E>
    ? [input?: CallInput<E>, init?: RequestInit]
    : [input: CallInput<E>, init?: RequestInit];

/**
 * Calls an endpoint of the contract (common/api/contract.ts): its method and path, the query and body
 * its schemas accept, its answer typed by its response schema.
 */
export function call<E extends Endpoint>(endpoint: E, ...[input, init]: CallArgs<E>): Promise<CallOutput<E>> {
  const { query, body } = (input ?? {}) as { query?: Record<string, unknown>; body?: unknown };
  const path = query ? withQuery(endpoint.path, query) : endpoint.path;
  return apiFetch<CallOutput<E>>(path, { ...init, method: endpoint.method, json: body });
}
