import { useSyncExternalStore } from 'react';

const STANDALONE = '(display-mode: standalone)';

/** Installed-app mode: the site runs as an installed PWA (standalone window). */
export function isInstalledApp(): boolean {
  return (
    window.matchMedia?.(STANDALONE).matches === true ||
    (navigator as Navigator & { standalone?: boolean }).standalone === true
  );
}

function subscribe(onChange: () => void) {
  const list = window.matchMedia?.(STANDALONE);
  list?.addEventListener('change', onChange);
  return () => list?.removeEventListener('change', onChange);
}

/**
 * Installed-app mode for a render: false where the server draws the page (it cannot know) and while
 * the browser takes that drawing over, then the window's own answer.
 */
export function useInstalledApp(): boolean {
  return useSyncExternalStore(subscribe, isInstalledApp, () => false);
}
