import { visitEndpoints } from '../../common/api/endpoints/visit';
import { call } from '../api/client';
import { safeStorage } from './storage';
import { readTracking } from './tracking';

const LOGGED_KEY = 'visit-logged';
const VISITOR_KEY = 'visitor-id';

/**
 * A random id this browser keeps: the server limits one browser's visits apart from those of its
 * address, which a whole office or a mobile carrier's customers may share.
 */
function visitorId(): string | undefined {
  let id = safeStorage.get(VISITOR_KEY);
  if (!id || !/^[A-Za-z0-9_-]{16,64}$/.test(id)) {
    if (typeof crypto === 'undefined' || typeof crypto.randomUUID !== 'function') return undefined;
    id = crypto.randomUUID();
    safeStorage.set(VISITOR_KEY, id);
  }
  return id;
}

/**
 * The page a visit began on, with the stored traffic source, once per browser session
 * (the server counts visitors only). Loaded after the first render: nothing waits for it.
 */
export function logVisit(landing: string) {
  try {
    if (window.sessionStorage.getItem(LOGGED_KEY)) return;
    window.sessionStorage.setItem(LOGGED_KEY, '1');
  } catch {
    return; // No session storage: every page would count as a visit.
  }
  void call(visitEndpoints.log, {
    body: { path: landing.slice(0, 300), tracking: readTracking(), visitor: visitorId() },
  }).catch(() => undefined);
}
