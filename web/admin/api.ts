import type { CallOutput, Endpoint } from '../../common/api/contract';
import { ApiError, type CallArgs, call } from '../api/client';

export { ApiError };

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

/**
 * Calls a console endpoint of the contract (common/api/endpoints/admin) with the member app's `call`,
 * and follows the staff session: an answer moves its idle end on, a 403 `authentication_required`
 * tells the console it ended. Errors are the member app's ApiError (status, code, message in the
 * chosen language). Query keys of console data start with 'admin' (see adminKey).
 */
export async function adminCall<E extends Endpoint>(
  endpoint: E,
  ...args: CallArgs<E>
): Promise<CallOutput<E>> {
  try {
    const answer = await call(endpoint, ...args);
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

/** A query key for console data: ['admin', …parts]. A logout or session end clears all of them. */
export const adminKey = (...parts: unknown[]) => ['admin', ...parts] as const;
