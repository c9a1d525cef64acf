import { useSyncExternalStore } from 'react';

const never = () => () => {};

/**
 * False while the server draws a page and while the browser hydrates that drawing, true after: what
 * only the browser knows (stored dismissals, installed-app mode) waits for it, so the first render
 * in the browser matches the server's.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
