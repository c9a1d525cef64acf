import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import { conversationMembers, likes, members, profiles } from '../../db/schema';
import type { Services } from '../bag';
import { canSql } from '../policies/member';
import { kindText, type NotificationText, whoText } from './mail';
import type { Recipient } from './recipient';

/**
 * The texts of the mails about events (recorder.ts), from what is true when the batch is sent: a
 * message read or a like seen since is no news, a member blocked since is not named. Null when
 * nothing of the batch is left to tell.
 */

type Actor = { id: number; name: string };

/** The batch's members in its order (newest first), as far as `found` still has them. */
function inBatchOrder<T extends { id: number }>(actorIds: number[], found: T[]): T[] {
  const byId = new Map(found.map((f) => [f.id, f]));
  return actorIds.map((id) => byId.get(id)).filter((f): f is T => f !== undefined);
}

/** The batch's members who still have unread messages for the recipient, with the chat and the count. */
export async function unreadFrom(services: Services, recipient: Recipient, actorIds: number[]) {
  if (actorIds.length === 0) return [];
  const cm = conversationMembers;
  const rows = await services.db
    .select({
      id: cm.otherMemberId,
      name: profiles.name,
      unread: cm.unreadCount,
      conversationId: cm.conversationId,
    })
    .from(cm)
    .innerJoin(members, eq(members.id, cm.otherMemberId))
    .innerJoin(profiles, eq(profiles.memberId, cm.otherMemberId))
    .where(
      and(
        eq(cm.memberId, recipient.id),
        inArray(cm.otherMemberId, actorIds),
        gt(cm.unreadCount, 0),
        eq(cm.removed, false),
        canSql('converse', { viewer: recipient.id, site: recipient.site.id }, { known: { chat: true } }),
      ),
    );
  return inBatchOrder(actorIds, rows);
}

/** The chat itself when one member wrote, else the chats list. */
const chatsPath = (from: { conversationId: number }[]) =>
  from.length === 1 ? `/chats/${from[0]?.conversationId}` : '/chats';

/** "3 new messages from Anna and 1 other": the unread count of the members who wrote. */
export async function newMessagesText(
  services: Services,
  recipient: Recipient,
  actorIds: number[],
): Promise<NotificationText | null> {
  const from = await unreadFrom(services, recipient, actorIds);
  if (from.length === 0) return null;
  const count = from.reduce((n, f) => n + f.unread, 0);
  const vars = { count, who: names(recipient, from) };
  const t = kindText(recipient, 'new_messages', vars);
  return {
    subject: t('subject'),
    title: t('title'),
    paragraphs: [t('body')],
    button: { label: t('button'), path: chatsPath(from) },
  };
}

/** "Anna started a chat with you": one mail for the members who wrote first, with what followed. */
export async function newConversationsText(
  services: Services,
  recipient: Recipient,
  actorIds: number[],
): Promise<{ text: NotificationText; actors: number[] } | null> {
  const from = await unreadFrom(services, recipient, actorIds);
  if (from.length === 0) return null;
  const count = from.length;
  const vars = { count, who: names(recipient, from) };
  const t = kindText(recipient, 'new_conversations', vars);
  return {
    text: {
      subject: t('subject'),
      title: t('title'),
      paragraphs: [t('body')],
      button: { label: t('button'), path: chatsPath(from) },
    },
    actors: from.map((f) => f.id),
  };
}

/** "Anna likes you": the likes of the batch the recipient has not seen, from members they may see. */
export async function likeText(
  services: Services,
  recipient: Recipient,
  actorIds: number[],
): Promise<NotificationText | null> {
  if (actorIds.length === 0) return null;
  const rows = await services.db
    .select({ id: likes.likerId, name: profiles.name })
    .from(likes)
    .innerJoin(members, eq(members.id, likes.likerId))
    .innerJoin(profiles, eq(profiles.memberId, likes.likerId))
    .where(
      and(
        eq(likes.likedId, recipient.id),
        inArray(likes.likerId, actorIds),
        isNull(likes.seenAt),
        canSql('like', { viewer: recipient.id, site: recipient.site.id }),
      ),
    );
  const from = inBatchOrder(actorIds, rows);
  if (from.length === 0) return null;
  const count = from.length;
  const vars = { count, who: names(recipient, from) };
  const t = kindText(recipient, 'like', vars);
  return {
    subject: t('subject'),
    title: t('title'),
    paragraphs: [t('body')],
    button: { label: t('button'), path: '/likes' },
  };
}

const names = (recipient: Recipient, actors: Actor[]) =>
  whoText(
    recipient.locale,
    actors.map((a) => a.name),
  );
