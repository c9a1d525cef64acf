import { useSyncExternalStore } from 'react';
import { BREAKPOINTS } from '../../common/constants';
import { drawnRequest } from './drawn-request';

// The signup modal: phones get the /signup page, tablets and desktops a modal.
const PHONE_QUERY = `(max-width: ${BREAKPOINTS.md - 0.02}px)`;

function subscribe(onChange: () => void) {
  const list = window.matchMedia?.(PHONE_QUERY);
  list?.addEventListener('change', onChange);
  return () => list?.removeEventListener('change', onChange);
}

export const isPhone = () => window.matchMedia?.(PHONE_QUERY).matches === true;

/**
 * What a page drawn on the server was drawn for: the server's guess from the request, which the
 * page's root names (server/routes/spa.ts), so that the browser takes the drawing over as it is.
 */
function drawnForPhone(): boolean {
  if (typeof document === 'undefined') return drawnRequest()?.phone ?? false;
  return document.getElementById('root')?.dataset.phone === 'true';
}

/** True on a phone-sized screen; follows rotation and resizing. */
export function usePhone(): boolean {
  return useSyncExternalStore(subscribe, isPhone, drawnForPhone);
}
