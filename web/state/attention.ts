import { useSyncExternalStore } from 'react';

/**
 * Unread messages plus new likes: the count before the page title and on the app badge.
 * Written by the lazily loaded member part (components/Realtime.tsx), read
 * by the title in the shell, so the shell carries no chat or likes queries.
 */
let count = 0;
const listeners = new Set<() => void>();

export function setAttentionCount(next: number) {
  if (next === count) return;
  count = next;
  for (const l of listeners) l();
}

export function useAttentionCount(): number {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => count,
    () => 0,
  );
}
