import { useSyncExternalStore } from 'react';

// Session storage: the code holds across the package, method and payment screens and the trip to
// the payment provider and back, and is gone when the tab closes.
const KEY = 'credits.discount_code';
const listeners = new Set<() => void>();
// Where session storage is blocked, the code lasts for this page only.
let memory: string | null = null;

function read(): string | null {
  try {
    return window.sessionStorage.getItem(KEY);
  } catch {
    return memory;
  }
}
export function setEnteredCode(code: string | null) {
  memory = code;
  try {
    if (code) window.sessionStorage.setItem(KEY, code);
    else window.sessionStorage.removeItem(KEY);
  } catch {
    // Kept in memory above.
  }
  for (const listener of listeners) listener();
}

/** The discount code the member entered and the server accepted, or null. */
export function useEnteredCode(): string | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    read,
    () => null,
  );
}
