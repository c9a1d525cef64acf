import { REACTIVATION_DAYS } from '../constants';

const DAY = 86_400_000;

/** When a deleted account can no longer be brought back. */
export const reactivationEnds = (deletedAt: Date) => new Date(deletedAt.getTime() + REACTIVATION_DAYS * DAY);

/**
 * The days a deleted account can still be brought back, as the member is told them everywhere (the
 * pages, the login, the mail): every day begun counts, so right after the deletion it is the full
 * REACTIVATION_DAYS, and 0 once the time is over.
 */
export function reactivationDaysLeft(deletedAt: Date, now: Date): number {
  return Math.max(0, Math.ceil((reactivationEnds(deletedAt).getTime() - now.getTime()) / DAY));
}
