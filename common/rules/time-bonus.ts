import { WELCOME_DISCOUNT_HOURS } from '../constants';

/**
 * The members area: the time-bonus banner shows here, and entering it arms the
 * time-bonus modal. Route names as in the route table (web/screen-table.ts).
 */
export const MEMBERS_AREA_ROUTES: ReadonlySet<string> = new Set([
  'members',
  'members-id',
  'chats',
  'likes',
  'likes-m-id',
  'premium',
]);

export const inMembersArea = (routeName: string) => MEMBERS_AREA_ROUTES.has(routeName);

const pad2 = (n: number) => String(n).padStart(2, '0');

/** The time-bonus countdown as hh:mm:ss, each part padded to 2 digits; never negative. */
export function formatCountdown(seconds: number): string {
  const s = Number.isFinite(seconds) ? Math.max(0, Math.floor(seconds)) : 0;
  return `${pad2(Math.floor(s / 3600))}:${pad2(Math.floor((s % 3600) / 60))}:${pad2(s % 60)}`;
}

/**
 * Seconds left of a deadline the server gave as `secondsAtFetch`, after `elapsedMs` of monotonic
 * time: the device's wall clock plays no part, so changing it does not move the deadline.
 */
export function secondsLeft(secondsAtFetch: number, elapsedMs: number): number {
  return Math.max(0, secondsAtFetch - Math.floor(Math.max(0, elapsedMs) / 1000));
}

/** When the welcome discount of a member who signed up at `signupDate` ends. */
export const welcomeDiscountEnds = (signupDate: Date) =>
  new Date(signupDate.getTime() + WELCOME_DISCOUNT_HOURS * 3_600_000);

/** How wrong a device's clock may be while the browser still asks the server about the welcome discount. */
const DEVICE_CLOCK_MARGIN_MS = 86_400_000;

/**
 * Whether the welcome discount may still hold for a non-paid member, by the device's clock: the
 * browser asks the server only then (the server decides), not for every member on every page.
 */
export function welcomeMayHold(signupDate: string, nowMs: number): boolean {
  const ends = welcomeDiscountEnds(new Date(signupDate)).getTime();
  return Number.isFinite(ends) && nowMs < ends + DEVICE_CLOCK_MARGIN_MS;
}

/**
 * The welcome discount, with a time limit shown in hours or minutes: whole hours while an
 * hour or more is left (rounded down, so it never promises more time than there is), minutes under
 * an hour (rounded up, so the last minute still says 1, not 0). Null once it has run out.
 */
export function welcomeTimeLeft(msLeft: number): { unit: 'hours' | 'minutes'; count: number } | null {
  if (!Number.isFinite(msLeft) || msLeft <= 0) return null;
  const hours = Math.floor(msLeft / 3_600_000);
  if (hours >= 1) return { unit: 'hours', count: hours };
  return { unit: 'minutes', count: Math.ceil(msLeft / 60_000) };
}

/**
 * The time-bonus modal: when its timer fires, it shows only for a logged-in member with no
 * credits, who has not dismissed it, while the bonus runs.
 */
export function timeBonusModalDue(state: {
  loggedIn: boolean;
  credits: number;
  dismissed: boolean;
  running: boolean;
}): boolean {
  return state.loggedIn && state.credits === 0 && !state.dismissed && state.running;
}
