import { useLayoutEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/**
 * A screen opened by a link or a redirect starts at its top, as a page load would, not at the
 * scroll position of the screen before (a profile opened from far down the search). Back and forward
 * leave the position to the screen, which puts back its own (the search does). It lives beside the
 * `<Routes>`, not under them: routes given a location report every navigation as a POP.
 */
export function ScrollReset() {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new address (path) is what scrolls to the top
  useLayoutEffect(() => {
    // At once: the page's smooth scrolling would glide from the old position while the new screen
    // loads, and be cut short where its height changes.
    if (navigationType !== 'POP') window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  }, [pathname]);
  return null;
}
