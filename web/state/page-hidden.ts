import type { QueryClient } from '@tanstack/react-query';
import { pageHiddenEndpoints } from '../../common/api/endpoints/page-hidden';
import { userKey } from '../api/user';

/** The beacon's address: a beacon is no `call`, so it posts to the endpoint's path itself. */
export const PAGE_HIDDEN_URL = pageHiddenEndpoints.hidden.path;

/**
 * The page-hidden beacon: while a member is logged in, tells the server each time the page is
 * hidden, so that presence ends at once and what arrives meanwhile goes out by push or mail. The
 * beacon survives the page being closed, which a fetch may not; it cannot carry the client header,
 * and the server expects none. Back on the page, the next request makes the member present again
 * (server/services/accounts/sessions.ts); the user is asked for at once, as the 60 s refresh pauses while the
 * page is hidden and the socket may have stayed open without a request. Returns the stop.
 */
export function watchPageHidden(client: QueryClient): () => void {
  let hidden = false;
  const hide = () => {
    // `pagehide` after `visibilitychange` (closing a tab) is the same moment: one beacon.
    if (hidden) return;
    hidden = true;
    // text/plain: a beacon of that type needs no CORS preflight; the server reads it as JSON.
    const body = new Blob(['{}'], { type: 'text/plain' });
    if (!navigator.sendBeacon?.(PAGE_HIDDEN_URL, body))
      void fetch(PAGE_HIDDEN_URL, { method: 'POST', body, keepalive: true }).catch(() => {});
  };
  const onVisibility = () => {
    if (document.visibilityState === 'hidden') hide();
    else if (hidden) {
      hidden = false;
      void client.refetchQueries({ queryKey: userKey, type: 'active' });
    }
  };
  document.addEventListener('visibilitychange', onVisibility);
  // For browsers that skip `visibilitychange` when a page is closed or enters the back-forward
  // cache, and come back from it with `pageshow`.
  window.addEventListener('pagehide', hide);
  window.addEventListener('pageshow', onVisibility);
  return () => {
    document.removeEventListener('visibilitychange', onVisibility);
    window.removeEventListener('pagehide', hide);
    window.removeEventListener('pageshow', onVisibility);
  };
}
