import { visitEndpoints } from '../../common/api/endpoints/visit';
import { call } from '../api/client';
import { readTracking } from './tracking';

const LOGGED_KEY = 'visit-logged';

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
  void call(visitEndpoints.log, { body: { path: landing.slice(0, 300), tracking: readTracking() } }).catch(
    () => undefined,
  );
}
