import { and, desc, eq, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ChatDetail, ChatQuery, ChatSummary, RemoveChatRequest } from '../../../common/api/chats';
import { CHATS_LIST_CAP, FREE_CHAT_STARTS } from '../../../common/constants';
import type { Db, Tx } from '../../db/client';
import { prepared } from '../../db/prepared';
import {
  conversationMembers,
  conversations,
  gifts,
  members,
  messages,
  photos,
  profiles,
  regions,
  signupMessages,
} from '../../db/schema';
import { compile, runCompiled } from '../../infra/prepared';
import { ApiError } from '../../plugins/errors';
import { type CardRow, cardMember, presentCard } from '../../presenters/profile';
import { paidMemberSql } from '../accounts/account';
import type { Services } from '../bag';
import { cardQuery } from '../discovery/members';
import { canSql } from '../policies/member';

/**
 * The chat overview and one chat's state: who the viewer chats with, what waits unread,
 * and whether the viewer may send. Every conversation id is checked against the viewer's own side
 * of it: another member's conversation is simply not found.
 */

const mine = conversationMembers;
const theirs = alias(conversationMembers, 'their_side');

/**
 * Whom the viewer may reach in a chat, by the member policy (services/policies/member.ts): in a
 * chat that exists, `converse` (the other member still exists, no block either way: an invisible
 * member or one hidden by reports goes on chatting); before the first message, `start`.
 */
const reach = (viewerId: number, siteId: number, chat: boolean) =>
  canSql(chat ? 'converse' : 'start', { viewer: viewerId, site: siteId }, { known: { chat } });

/** How many chats a member started, counted only as far as the free limit needs. */
export async function chatsStarted(db: Db | Tx, memberId: number): Promise<number> {
  const rows = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(eq(conversations.startedBy, memberId))
    .limit(FREE_CHAT_STARTS);
  return rows.length;
}

/** The ordered pair a conversation is stored under. */
export const pairOf = (a: number, b: number) => ({ memberLow: Math.min(a, b), memberHigh: Math.max(a, b) });

/**
 * The chat list's query, prepared once per database (db/prepared.ts): Drizzle no longer builds its
 * eight joins on every request, and PostgreSQL plans it once per connection. Whether the viewer has
 * premium (which photos they may see) comes in the same round trip.
 */
function chatListQuery(db: Db) {
  return prepared(db, 'chat_list', (d, name) =>
    d
      .select({
        conversationId: mine.conversationId,
        unread: mine.unreadCount,
        clearedUpTo: mine.clearedUpTo,
        otherRead: theirs.lastReadMessageId,
        profile: profiles,
        regionName: regions.name,
        photo: photos,
        member: cardMember,
        last: {
          id: messages.id,
          senderId: messages.senderId,
          kind: messages.kind,
          body: messages.body,
          giftId: messages.giftId,
          createdAt: messages.createdAt,
        },
        giftSlug: gifts.slug,
        viewerPaid: paidMemberSql(viewerParam),
      })
      .from(mine)
      .innerJoin(members, eq(members.id, mine.otherMemberId))
      .innerJoin(profiles, eq(profiles.memberId, mine.otherMemberId))
      .leftJoin(photos, eq(photos.id, profiles.mainPhotoId))
      .leftJoin(regions, and(eq(regions.country, profiles.country), eq(regions.code, profiles.regionCode)))
      .leftJoin(
        theirs,
        and(eq(theirs.conversationId, mine.conversationId), eq(theirs.memberId, mine.otherMemberId)),
      )
      .leftJoin(messages, eq(messages.id, mine.lastMessageId))
      .leftJoin(gifts, eq(gifts.id, messages.giftId))
      .where(
        and(
          eq(mine.memberId, viewerParam),
          eq(mine.removed, false),
          canSql('converse', { viewer: viewerParam, site: siteParam }, { known: { chat: true } }),
        ),
      )
      // Every side has a last message (written with the first one): the list index is read backwards.
      .orderBy(desc(mine.lastMessageAt), desc(mine.conversationId))
      .limit(CHATS_LIST_CAP)
      .prepare(name),
  );
}

/**
 * GET /api/chats.php: the viewer's chats not removed, most recent first, at most CHATS_LIST_CAP.
 * A chat with a member the viewer may no longer converse with (gone, or behind a block either way)
 * is not shown, and neither are its unread messages.
 */
export async function chatList(db: Db, viewerId: number, siteId: number, now: Date): Promise<ChatSummary[]> {
  const rows = await chatListQuery(db).execute({ viewer: viewerId, site: siteId });
  return rows.map((row) => ({
    conversation: { id: row.conversationId },
    profile: presentCard(row as CardRow, { paid: row.viewerPaid }, now),
    num_unread_messages: row.unread,
    last_message:
      row.last && row.last.id > row.clearedUpTo
        ? {
            id: row.last.id,
            sender_id: row.last.senderId,
            kind: row.last.kind,
            body: row.last.body,
            gift:
              row.giftSlug !== null && row.last.giftId !== null
                ? { id: row.last.giftId, slug: row.giftSlug }
                : null,
            created_at: row.last.createdAt.toISOString(),
          }
        : null,
    other_last_read_message_id: row.otherRead ?? null,
  }));
}

type Side = { conversationId: number; otherId: number; unread: number };

/** The viewer's side of a conversation by its id, or 404. */
async function sideById(db: Db, viewerId: number, conversationId: number): Promise<Side> {
  const [row] = await db
    .select({ conversationId: mine.conversationId, otherId: mine.otherMemberId, unread: mine.unreadCount })
    .from(mine)
    .where(and(eq(mine.conversationId, conversationId), eq(mine.memberId, viewerId)));
  if (!row) throw new ApiError(404, 'not_found');
  return row;
}

/** The viewer's side of their conversation with a member, or null before the first message. */
async function sideWith(db: Db, viewerId: number, otherId: number): Promise<Side | null> {
  const [row] = await db
    .select({ conversationId: mine.conversationId, otherId: mine.otherMemberId, unread: mine.unreadCount })
    .from(mine)
    .where(and(eq(mine.memberId, viewerId), eq(mine.otherMemberId, otherId)))
    .limit(1);
  return row ?? null;
}

/**
 * GET /api/chat.php: one chat as its screen opens it, by conversation id or by member id, as far as
 * the viewer may reach the other member (`reach`): else 404, as for a member who does not exist (a
 * block shows nothing, not even through an old chat's address). `cannot_send` says why a message
 * would be refused now.
 */
export async function chatDetail(
  db: Db,
  viewerId: number,
  siteId: number,
  query: ChatQuery,
  now: Date,
): Promise<ChatDetail> {
  let side: Side | null;
  let otherId: number;
  if ('id' in query) {
    side = await sideById(db, viewerId, query.id);
    otherId = side.otherId;
  } else {
    if (query.member_id === viewerId) throw new ApiError(400, 'message_to_self');
    otherId = query.member_id;
    side = await sideWith(db, viewerId, otherId);
  }
  const [[viewer], [card]] = await Promise.all([
    db
      .select({ paid: members.paidUser, status: members.status })
      .from(members)
      .where(eq(members.id, viewerId)),
    cardQuery(db, { status: sql<string>`${members.status}` }).where(
      and(eq(profiles.memberId, otherId), reach(viewerId, siteId, side !== null)),
    ),
  ]);
  if (!viewer || !card) throw new ApiError(404, 'not_found');
  let otherRead: number | null = null;
  if (side) {
    const [row] = await db
      .select({ read: theirs.lastReadMessageId })
      .from(theirs)
      .where(and(eq(theirs.conversationId, side.conversationId), eq(theirs.memberId, otherId)));
    otherRead = row?.read ?? null;
  }
  let cannotSend: ChatDetail['cannot_send'] = null;
  if (card.status === 'not_confirmed') cannotSend = 'recipient_not_confirmed';
  else if (!side && !viewer.paid && (await chatsStarted(db, viewerId)) >= FREE_CHAT_STARTS)
    cannotSend = 'premium_required';
  return {
    conversation: side ? { id: side.conversationId } : null,
    profile: presentCard(card as CardRow, { paid: viewer.paid }, now),
    num_unread_messages: side?.unread ?? 0,
    other_last_read_message_id: otherRead,
    cannot_send: cannotSend,
    awaiting_my_confirmation: viewer.status === 'not_confirmed',
    // Once the address is confirmed: before, the message still waits to be sent on its own.
    draft: side || viewer.status === 'not_confirmed' ? null : await signupDraft(db, viewerId, otherId),
  };
}

/** Hides chats for one side: out of the list, history up to the newest message hidden, nothing unread. */
const removal = {
  removed: true,
  clearedUpTo: sql`coalesce(${conversationMembers.lastMessageId}, 0)`,
  unreadCount: 0,
} as const;

/**
 * DELETE /api/chat.php: removes one chat (404 when it is not the viewer's) or every chat with a
 * member, for the viewer only; the other member keeps theirs. The viewer's other tabs hear of it.
 */
export async function removeChats(
  services: Pick<Services, 'db' | 'events'>,
  viewerId: number,
  request: RemoveChatRequest,
): Promise<number[]> {
  const target =
    'conversation' in request
      ? eq(mine.conversationId, request.conversation.id)
      : eq(mine.otherMemberId, request.member_id);
  const rows = await services.db
    .update(mine)
    .set(removal)
    .where(and(eq(mine.memberId, viewerId), target))
    .returning({ id: mine.conversationId });
  if ('conversation' in request && rows.length === 0) throw new ApiError(404, 'not_found');
  const removed = rows.map((r) => r.id);
  for (const id of removed) services.events.publish(viewerId, { type: 'chat_removed', conversation_id: id });
  return removed;
}

/**
 * A block removes every chat between the two, on both sides; run inside the
 * block's transaction. Answers what to tell whom after commit.
 */
export async function removeChatsBetween(db: Db | Tx, a: number, b: number) {
  return db
    .update(conversationMembers)
    .set(removal)
    .where(
      or(
        and(eq(conversationMembers.memberId, a), eq(conversationMembers.otherMemberId, b)),
        and(eq(conversationMembers.memberId, b), eq(conversationMembers.otherMemberId, a)),
      ),
    )
    .returning({
      conversationId: conversationMembers.conversationId,
      memberId: conversationMembers.memberId,
    });
}

/** The other member of a chat side `cm`, as the statements below join them. */
const other = { members: alias(members, 'o'), profiles: alias(profiles, 'op') };
const viewerParam = sql`${sql.placeholder('viewer')}::bigint`;
const siteParam = sql`${sql.placeholder('site')}::int`;
/** The other member of the chat side `cm` may be reached by its member (`reach` in SQL). */
const reachable = canSql(
  'converse',
  { viewer: viewerParam, site: siteParam },
  { known: { chat: true }, target: other },
);

/**
 * PUT /api/chat.php and the socket's `read` (sent for every message that arrives in an open chat,
 * so as often as messages are sent: one prepared statement). What is still unread is what the
 * other member sent after the message read (one that arrived meanwhile stays unread). Only in a
 * chat the viewer has not removed, with a member they may reach: no receipt goes behind a block.
 */
const readStatement = (() => {
  const viewer = viewerParam;
  const conversation = sql`${sql.placeholder('conversation')}::bigint`;
  const upTo = sql`greatest(coalesce(cm.last_read_message_id, 0), least(${sql.placeholder('upTo')}::bigint, coalesce(cm.last_message_id, 0)))`;
  return compile(sql`
    UPDATE conversation_members cm SET last_read_message_id = ${upTo},
      unread_count = (SELECT count(*)::int FROM messages m
        WHERE m.conversation_id = ${conversation} AND m.sender_id <> ${viewer} AND m.id > ${upTo})
    FROM members o, profiles op
    WHERE cm.conversation_id = ${conversation} AND cm.member_id = ${viewer} AND NOT cm.removed
      AND o.id = cm.other_member_id AND op.member_id = cm.other_member_id AND ${reachable}
    RETURNING cm.other_member_id, cm.last_read_message_id`);
})();

/** Marks read; the other member gets the read receipt, the viewer's other tabs clear their badge. */
export async function markRead(
  services: Pick<Services, 'db' | 'events'>,
  viewerId: number,
  siteId: number,
  conversationId: number,
  lastReadMessageId: number,
): Promise<void> {
  const [row] = await runCompiled(services.db, readStatement, {
    viewer: viewerId,
    site: siteId,
    conversation: conversationId,
    upTo: lastReadMessageId,
  });
  if (!row) throw new ApiError(404, 'not_found');
  services.events.publish([Number(row.other_member_id), viewerId], {
    type: 'read',
    conversation_id: conversationId,
    member_id: viewerId,
    last_read_message_id: Number(row.last_read_message_id ?? 0),
  });
}

/** The other member of the viewer's chat when the viewer may reach them (who hears `typing`). */
const typingStatement = compile(sql`
  SELECT cm.other_member_id FROM conversation_members cm
  JOIN members o ON o.id = cm.other_member_id
  JOIN profiles op ON op.member_id = cm.other_member_id
  WHERE cm.conversation_id = ${sql.placeholder('conversation')}::bigint
    AND cm.member_id = ${viewerParam} AND ${reachable}`);

/** The socket's `typing`: nothing is written; the other member hears it, if the chat is the viewer's. */
export async function announceTyping(
  services: Pick<Services, 'db' | 'events'>,
  viewerId: number,
  siteId: number,
  conversationId: number,
): Promise<void> {
  const [row] = await runCompiled(services.db, typingStatement, {
    viewer: viewerId,
    site: siteId,
    conversation: conversationId,
  });
  if (!row) throw new ApiError(404, 'not_found');
  services.events.publish(Number(row.other_member_id), {
    type: 'typing',
    conversation_id: conversationId,
    member_id: viewerId,
  });
}

/**
 * The signup message still waiting as the draft of the new chat with `otherId`, or null. Asked only
 * before the chat begins: once it has, the draft has done its work (the row goes with the account).
 */
export async function signupDraft(db: Db, memberId: number, otherId: number): Promise<string | null> {
  const [row] = await db
    .select({ recipientId: signupMessages.recipientId, body: signupMessages.body })
    .from(signupMessages)
    .where(eq(signupMessages.memberId, memberId));
  return row && row.recipientId === otherId ? row.body : null;
}
