import type { CurrentUser } from '../../common/api/user';
import type { members } from '../db/schema';
import { type CardRow, presentCard } from './profile';

/** The logged-in user: what a member sees of their own account (never the e-mail or hash). */
export function presentUser(
  member: typeof members.$inferSelect,
  card: CardRow,
  now: Date,
  unreadNotices = 0,
): CurrentUser {
  return {
    status: member.status,
    credits: member.credits,
    paid_user: member.paidUser,
    signup_date: member.signupDate.toISOString(),
    language: member.language,
    notifications_disabled: member.notificationsDisabled,
    email_confirmed: member.emailConfirmedAt !== null,
    unread_notices: unreadNotices,
    // Members see their own photos unblurred, premium or not.
    profile: presentCard(card, { paid: true }, now),
  };
}
