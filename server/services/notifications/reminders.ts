import { and, asc, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import { UNREAD_REMINDER_AFTER_HOURS, UNREAD_REMINDER_EVERY_HOURS } from '../../../common/constants';
import { conversationMembers, members } from '../../db/schema';
import type { Services } from '../bag';
import { deliveryFor } from './channel';
import { deliver } from './deliver';
import { unreadFrom } from './event-texts';
import { kindText, whoText } from './mail';
import { notificationRecipient, reachable } from './recipient';

const HOUR = 3_600_000;
const PAGE = 100;

type Log = { error(obj: object, msg: string): void };

/**
 * Unread-message reminders (the scheduled job): a member gets one when a message has waited
 * unread for UNREAD_REMINDER_AFTER_HOURS, at most once in UNREAD_REMINDER_EVERY_HOURS, and only for
 * messages that came after the previous reminder: one message left unread is one reminder, not a
 * daily one for ever. A member on the site now is left for a later run.
 */
export async function sendUnreadReminders(services: Services, log: Log): Promise<number> {
  const now = services.now();
  const oldEnough = new Date(now.getTime() - UNREAD_REMINDER_AFTER_HOURS * HOUR);
  const lastAllowed = new Date(now.getTime() - UNREAD_REMINDER_EVERY_HOURS * HOUR);
  const cm = conversationMembers;
  // A waiting message of the other member, old enough, newer than the member's last reminder.
  const waiting = sql`EXISTS (SELECT 1 FROM messages msg
    WHERE msg.conversation_id = ${cm.conversationId}
      AND msg.id > greatest(coalesce(${cm.lastReadMessageId}, 0), ${cm.clearedUpTo})
      AND msg.sender_id = ${cm.otherMemberId}
      AND msg.created_at <= ${oldEnough.toISOString()}::timestamptz
      AND msg.created_at > coalesce(${members.unreadReminderAt}, '-infinity'::timestamptz))`;
  let sent = 0;
  let after = 0;
  for (;;) {
    const due = await services.db
      .selectDistinct({ id: members.id })
      .from(cm)
      .innerJoin(members, eq(members.id, cm.memberId))
      .where(
        and(
          gt(cm.unreadCount, 0),
          eq(cm.removed, false),
          gt(members.id, after),
          reachable('unread_message_reminders', now),
          or(isNull(members.unreadReminderAt), lte(members.unreadReminderAt, lastAllowed)),
          waiting,
        ),
      )
      .orderBy(asc(members.id))
      .limit(PAGE);
    for (const { id } of due) {
      try {
        if (await remind(services, id, lastAllowed)) sent++;
      } catch (err) {
        log.error({ err, memberId: id }, 'unread-message reminder failed');
      }
    }
    if (due.length < PAGE) return sent;
    after = due[due.length - 1]?.id ?? after;
  }
}

async function remind(services: Services, memberId: number, lastAllowed: Date): Promise<boolean> {
  const now = services.now();
  const recipient = await notificationRecipient(services, memberId);
  if (!recipient) return false;
  const { channel } = deliveryFor(recipient.state, 'unread_message_reminders', now, recipient.pushSubscribed);
  if (channel === null) return false;
  const chats = await services.db
    .select({ other: conversationMembers.otherMemberId })
    .from(conversationMembers)
    .where(
      and(
        eq(conversationMembers.memberId, memberId),
        gt(conversationMembers.unreadCount, 0),
        eq(conversationMembers.removed, false),
      ),
    )
    .orderBy(sql`${conversationMembers.lastMessageAt} desc nulls last`);
  const from = await unreadFrom(
    services,
    recipient,
    chats.map((c) => c.other),
  );
  if (from.length === 0) return false;
  // Claimed in one guarded UPDATE: two runs at once send one reminder.
  const previous = recipient.unreadReminderAt;
  const claimed = await services.db
    .update(members)
    .set({ unreadReminderAt: now })
    .where(
      and(
        eq(members.id, memberId),
        or(isNull(members.unreadReminderAt), lte(members.unreadReminderAt, lastAllowed)),
      ),
    )
    .returning({ id: members.id });
  if (claimed.length === 0) return false;
  const count = from.reduce((n, f) => n + f.unread, 0);
  const t = kindText(recipient, 'unread_message_reminders', {
    count,
    who: whoText(
      recipient.locale,
      from.map((f) => f.name),
    ),
  });
  try {
    const sent = await deliver(services, recipient, 'unread_message_reminders', channel, {
      subject: t('subject'),
      title: t('title'),
      paragraphs: [t('body')],
      button: { label: t('button'), path: '/chats' },
    });
    if (!sent) throw new Error('no browser took the push');
  } catch (err) {
    // Not sent: the next run may try again.
    await services.db.update(members).set({ unreadReminderAt: previous }).where(eq(members.id, memberId));
    throw err;
  }
  return true;
}
