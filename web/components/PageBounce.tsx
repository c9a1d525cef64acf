import { useEffect, useRef } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { postBounce } from '../api/likes';
import { readTracking } from '../state/tracking';

/**
 * The `lb` query logs a page bounce (POST /api/bounce.php with the page and the stored
 * traffic source), once, and then leaves the URL. Loaded only when the query is there.
 */
export default function PageBounce() {
  const [params, setParams] = useSearchParams();
  const { pathname } = useLocation();
  const logged = useRef<string | null>(null);
  const bounce = params.has('lb');
  useEffect(() => {
    if (!bounce || logged.current === pathname) return;
    logged.current = pathname;
    void postBounce({ path: pathname.slice(0, 300), network: readTracking().network });
    setParams(
      (next) => {
        next.delete('lb');
        return next;
      },
      { replace: true },
    );
  }, [bounce, pathname, setParams]);
  return null;
}
