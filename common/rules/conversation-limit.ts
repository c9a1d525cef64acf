import {
  NEW_ACCOUNT_DAYS,
  NEW_CONVERSATIONS_PER_DAY,
  NEW_CONVERSATIONS_PER_DAY_REPORTED,
  NEW_CONVERSATIONS_PER_DAY_VERIFIED,
  REPORT_PENALTY_DAYS,
} from '../constants';

/**
 * How many new conversations a member may open in a rolling day (automatic safety).
 * Scammers come from fresh accounts and write to many members at once, so a new account gets few
 * starts, more once it has proved an address and a face, and any account gets very few while an
 * upheld report against it is recent. Replies and chats that exist are never limited.
 */

const DAY_MS = 86_400_000;
/** The rolling window the starts are counted in. */
export const CONVERSATION_LIMIT_WINDOW_MS = DAY_MS;

export type ConversationLimitFacts = {
  /** When the account was created (members.signup_date). */
  signupDate: Date;
  /** The e-mail address is confirmed (members.email_confirmed_at set). */
  emailConfirmed: boolean;
  /** The main photo is approved and a moderator has seen it (photos.reviewed_at set). */
  reviewedPhoto: boolean;
  /** When the newest upheld report against the member was decided, or null. */
  lastUpheldReportAt: Date | null;
};

/** The account is younger than NEW_ACCOUNT_DAYS at `now`. */
export const isNewAccount = (signupDate: Date, now: Date) =>
  now.getTime() - signupDate.getTime() < NEW_ACCOUNT_DAYS * DAY_MS;

/** An upheld report decided within REPORT_PENALTY_DAYS before `now` still weighs. */
export const reportPenaltyApplies = (lastUpheldReportAt: Date | null, now: Date) =>
  lastUpheldReportAt !== null && now.getTime() - lastUpheldReportAt.getTime() < REPORT_PENALTY_DAYS * DAY_MS;

/** The new conversations a member may open per rolling day at `now`; null = no limit. */
export function conversationLimit(facts: ConversationLimitFacts, now: Date): number | null {
  // The penalty is the tightest limit, and a verified or old account does not escape it.
  if (reportPenaltyApplies(facts.lastUpheldReportAt, now)) return NEW_CONVERSATIONS_PER_DAY_REPORTED;
  if (!isNewAccount(facts.signupDate, now)) return null;
  return facts.emailConfirmed && facts.reviewedPhoto
    ? NEW_CONVERSATIONS_PER_DAY_VERIFIED
    : NEW_CONVERSATIONS_PER_DAY;
}

/**
 * Whether one more conversation may be opened, given the limit and the times of the member's
 * newest starts (at least the newest `limit` of them, any order). Refused: `retryAfter` is the
 * whole seconds until the oldest start that counts leaves the window and frees a place.
 */
export function conversationStartAllowed(
  limit: number | null,
  recentStarts: readonly Date[],
  now: Date,
): { allowed: true } | { allowed: false; retryAfter: number } {
  if (limit === null) return { allowed: true };
  const since = now.getTime() - CONVERSATION_LIMIT_WINDOW_MS;
  const inWindow = recentStarts
    .map((d) => d.getTime())
    .filter((t) => t > since)
    .sort((a, b) => b - a);
  if (inWindow.length < limit) return { allowed: true };
  // The limit-th newest start is the one whose leaving the window brings the count under the limit.
  const freedAt = (inWindow[limit - 1] ?? now.getTime()) + CONVERSATION_LIMIT_WINDOW_MS;
  return { allowed: false, retryAfter: Math.max(1, Math.ceil((freedAt - now.getTime()) / 1000)) };
}
