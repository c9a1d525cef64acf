import { and, count, eq, gt, isNull, sql } from 'drizzle-orm';
import type { PushKind, PushPayload } from '../../../common/api/push';
import type { NotificationKind } from '../../../common/api/settings-account';
import type { Db } from '../../db/client';
import { conversationMembers, likes, members, profiles } from '../../db/schema';
import type { Services } from '../bag';
import { canSql } from '../policies/member';
import type { Channel } from './channel';
import { type NotificationText, sendNotificationMail } from './mail';
import type { Recipient } from './recipient';

/**
 * Tells a member by the channel `deliveryFor` chose: a push to each of their browsers, or a mail.
 * True when it went out (a push: at least one browser's push service took it).
 */
export async function deliver(
  services: Services,
  recipient: Recipient,
  kind: NotificationKind,
  channel: Channel,
  text: NotificationText,
): Promise<boolean> {
  if (channel === 'email') {
    await sendNotificationMail(services, recipient, kind, text);
    return true;
  }
  const payload = await pushPayload(services, recipient, kind as PushKind, text);
  return (await services.push.sendToMember(recipient.id, payload)) > 0;
}

/**
 * A mail's text as a push: the subject as the title (it names who), the body as the text. Pushes
 * about one chat share a tag, so the newest replaces the one before on the member's device.
 */
async function pushPayload(
  services: Services,
  recipient: Recipient,
  kind: PushKind,
  text: NotificationText,
): Promise<PushPayload> {
  const url = text.button.path;
  return {
    kind,
    title: text.subject,
    body: text.paragraphs[0] ?? '',
    url,
    tag: url.startsWith('/chats/') ? `chat${url.slice('/chats'.length)}` : kind,
    count: await attentionCount(services.db, recipient),
  };
}

/**
 * Unread messages plus new likes, as the page's title and app badge count them: the push worker
 * sets the badge before any page is open. The page recounts when it opens, from the chats and likes
 * lists, so the count takes only what those lists show: chats with members one may still converse
 * with, likes from members one may see (the member policy).
 */
export async function attentionCount(db: Db, recipient: Pick<Recipient, 'id' | 'site'>): Promise<number> {
  const scope = { viewer: recipient.id, site: recipient.site.id };
  const cm = conversationMembers;
  const unread = db
    .select({ n: sql`coalesce(sum(${cm.unreadCount}), 0)` })
    .from(cm)
    .innerJoin(members, eq(members.id, cm.otherMemberId))
    .innerJoin(profiles, eq(profiles.memberId, cm.otherMemberId))
    .where(
      and(
        eq(cm.memberId, recipient.id),
        gt(cm.unreadCount, 0),
        eq(cm.removed, false),
        canSql('converse', scope, { known: { chat: true } }),
      ),
    );
  const newLikes = db
    .select({ n: count() })
    .from(likes)
    .innerJoin(members, eq(members.id, likes.likerId))
    .innerJoin(profiles, eq(profiles.memberId, likes.likerId))
    .where(and(eq(likes.likedId, recipient.id), isNull(likes.seenAt), canSql('like', scope)));
  const { rows } = await db.execute(sql`SELECT (${unread}) + (${newLikes}) AS n`);
  return Number((rows[0] as { n: number | string } | undefined)?.n ?? 0);
}
