import { useSyncExternalStore } from 'react';
import { BREAKPOINTS } from '../../common/constants';

// The signup modal: phones get the /signup page, tablets and desktops a modal.
const PHONE_QUERY = `(max-width: ${BREAKPOINTS.md - 0.02}px)`;

function subscribe(onChange: () => void) {
  const list = window.matchMedia?.(PHONE_QUERY);
  list?.addEventListener('change', onChange);
  return () => list?.removeEventListener('change', onChange);
}

export const isPhone = () => window.matchMedia?.(PHONE_QUERY).matches === true;

/** True on a phone-sized screen; follows rotation and resizing. */
export function usePhone(): boolean {
  return useSyncExternalStore(subscribe, isPhone, () => false);
}
