import { safeStorage } from './storage';

/** Dismissals are stored as timestamps, so a later rule can expire them. */
export function dismissedAt(name: string): number | null {
  const v = Number(safeStorage.get(`dismissed:${name}`));
  return Number.isFinite(v) && v > 0 ? v : null;
}

export function dismiss(name: string, now = Date.now()) {
  safeStorage.set(`dismissed:${name}`, String(now));
}
