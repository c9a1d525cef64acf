/**
 * Where a new member goes right after signing up, when the signup began on a member landing
 * (/members/{id}/landing…): that member's chat or profile instead of /complete-signup.
 * Kept in sessionStorage, so it lasts through a reload and the signup page or modal of this tab,
 * and ends with the tab. Only a member's profile or chat path is accepted: nothing read back from
 * storage can send the new member anywhere else.
 */

const KEY = 'signup-next';
const NEXT_PATH = /^\/members\/\d+(\/chat)?$/;

/** A path a signup may lead on to: /members/{id} or /members/{id}/chat. */
export function isSignupNext(path: unknown): path is string {
  return typeof path === 'string' && NEXT_PATH.test(path);
}

/** sessionStorage that never throws (private mode, blocked storage): then nothing is kept. */
const session = {
  get(): string | null {
    try {
      return window.sessionStorage.getItem(KEY);
    } catch {
      return null;
    }
  },
  set(value: string) {
    try {
      window.sessionStorage.setItem(KEY, value);
    } catch {
      // Storage unavailable: the signup goes on to /complete-signup as usual.
    }
  },
  remove() {
    try {
      window.sessionStorage.removeItem(KEY);
    } catch {
      // Storage unavailable: nothing was kept.
    }
  },
};

/** Remembers where to go after signup; any other path clears what was kept. True when kept. */
export function storeSignupNext(path: string): boolean {
  if (!isSignupNext(path)) {
    session.remove();
    return false;
  }
  session.set(path);
  return true;
}

/** The kept path, if it is still one a signup may lead to. */
export function readSignupNext(): string | null {
  const path = session.get();
  return isSignupNext(path) ? path : null;
}

export function clearSignupNext() {
  session.remove();
}

/** The kept path, once: it is cleared as it is read (a second signup in this tab starts afresh). */
export function takeSignupNext(): string | null {
  const path = readSignupNext();
  session.remove();
  return path;
}
