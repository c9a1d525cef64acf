import { channelsOf, type NotificationKind } from '../../../common/api/settings-account';
import { PRESENCE_WINDOW_MS } from '../../../common/constants';
import type { members } from '../../db/schema';

/**
 * THE decision of how a member hears of something: one function, which every sender (the push of
 * an event, the mail batches, reminders, the weekly update, campaigns) follows. Push takes
 * precedence over mail: a member with a subscribed browser and push on for the kind gets a push
 * and no mail about it.
 */

type Row = typeof members.$inferSelect;

/** What the decision reads of a member. */
export type RecipientState = Pick<
  Row,
  | 'status'
  | 'emailConfirmedAt'
  | 'deletedAt'
  | 'notificationsDisabled'
  | 'notificationSettings'
  | 'lastActiveAt'
  | 'pageHiddenAt'
>;

export type Channel = 'email' | 'push';
export type NoDelivery =
  | 'deleted'
  | 'not_activated'
  | 'email_disabled'
  | 'choice_off'
  /** The member is on the site and sees it arrive there. */
  | 'present';
export type Decision = { channel: Channel } | { channel: null; reason: NoDelivery };

/** Kinds about something that just happened, which a member on the site sees for themselves. */
const LIVE_KINDS: ReadonlySet<NotificationKind> = new Set([
  'new_conversations',
  'new_messages',
  'like',
  'unread_message_reminders',
]);

/**
 * Present: active within PRESENCE_WINDOW_MS, and no page-hidden beacon since that activity. A
 * visible page asks the server at least every few minutes; hiding it (another tab, the phone
 * locked, the tab closed) sends the beacon, so absence is known at once, presence again with the
 * next request of a visible page (services/accounts/sessions.ts writes activity after a beacon at once).
 */
export function isPresent(member: Pick<RecipientState, 'lastActiveAt' | 'pageHiddenAt'>, now: Date): boolean {
  if (now.getTime() - member.lastActiveAt.getTime() > PRESENCE_WINDOW_MS) return false;
  return member.pageHiddenAt === null || member.pageHiddenAt < member.lastActiveAt;
}

/** Whether the member's settings allow e-mail of this kind (absent = on, as /notifications shows it). */
export const emailChosen = (member: Pick<RecipientState, 'notificationSettings'>, kind: NotificationKind) =>
  member.notificationSettings[kind]?.email !== false;

/** Whether the member's settings allow push of this kind (absent = on); false for mail-only kinds. */
export const pushChosen = (member: Pick<RecipientState, 'notificationSettings'>, kind: NotificationKind) =>
  channelsOf(kind).includes('push') && member.notificationSettings[kind]?.push !== false;

/**
 * How to tell this member about `kind` now, or why not at all. `subscribed`: the member has a
 * browser subscribed to push. Push goes to any member who is not suspended (the browser is theirs:
 * they subscribed it while logged in); notification mail only to activated members (account
 * active, address confirmed): an unconfirmed address may not be theirs.
 */
export function deliveryFor(
  member: RecipientState,
  kind: NotificationKind,
  now: Date,
  subscribed = false,
): Decision {
  if (member.deletedAt !== null || member.status === 'deleted') return { channel: null, reason: 'deleted' };
  if (subscribed && member.status !== 'suspended' && pushChosen(member, kind)) {
    if (LIVE_KINDS.has(kind) && isPresent(member, now)) return { channel: null, reason: 'present' };
    return { channel: 'push' };
  }
  if (member.status !== 'active' || member.emailConfirmedAt === null)
    return { channel: null, reason: 'not_activated' };
  if (LIVE_KINDS.has(kind) && isPresent(member, now)) return { channel: null, reason: 'present' };
  if (!emailChosen(member, kind)) return { channel: null, reason: 'choice_off' };
  if (member.notificationsDisabled.length > 0) return { channel: null, reason: 'email_disabled' };
  return { channel: 'email' };
}
