import { safeStorage } from './storage';

const KEY = 'last-chat';

/** The chat state: the last opened chat's member and when it was opened. */
export type LastChat = { memberId: number; at: number };

export function rememberLastChat(memberId: number, now = Date.now()) {
  safeStorage.set(KEY, JSON.stringify({ memberId, at: now }));
}

export function lastChat(): LastChat | null {
  try {
    const v = JSON.parse(safeStorage.get(KEY) ?? 'null') as Partial<LastChat> | null;
    return v && Number.isInteger(v.memberId) && Number.isFinite(v.at) ? (v as LastChat) : null;
  } catch {
    return null;
  }
}
