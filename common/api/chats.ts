import { z } from 'zod';
import { int4IdParam } from './fields';
import { memberId, profileCard } from './profile';

/** A conversation's id as requests name it. */
export const conversationId = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
/** A message's id (also the history cursor). */
export const messageId = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

export const MESSAGE_KINDS = ['text', 'photo', 'gift'] as const;

/** A gift of the site's catalogue; its name is the catalog key `gifts.<slug>`. */
export const gift = z.object({ id: z.number().int(), slug: z.string(), credits: z.number().int() });
export type Gift = z.infer<typeof gift>;

/** GET /api/gifts.php: the active gifts, in catalogue order, priced for this site. */
export const giftsResponse = z.object({ gifts: z.array(gift) });
export type GiftsResponse = z.infer<typeof giftsResponse>;

/**
 * One chat message as both members see it. `body` is plain text, never HTML; `client_id` is the
 * sender's id for the send, so a retried or echoed send replaces the optimistic copy.
 */
export const chatMessage = z
  .object({
    id: z.number().int(),
    conversation_id: z.number().int(),
    client_id: z.uuid(),
    sender_id: z.number().int(),
    kind: z.enum(MESSAGE_KINDS),
    body: z.string(),
    photo: z.object({ url: z.string(), thumb_url: z.string() }).nullable(),
    gift: z.object({ id: z.number().int(), slug: z.string() }).nullable(),
    created_at: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'ChatMessage' });
export type ChatMessage = z.infer<typeof chatMessage>;

/** The newest message of a chat, as the overview shows it. */
export const lastMessage = chatMessage.pick({
  id: true,
  sender_id: true,
  kind: true,
  body: true,
  gift: true,
  created_at: true,
});

/**
 * One entry of GET /api/chats.php: the conversation, the other member's card, unread
 * messages for the viewer and the newest message.
 */
export const chatSummary = z.object({
  conversation: z.object({ id: z.number().int() }),
  profile: profileCard,
  num_unread_messages: z.number().int().nonnegative(),
  last_message: lastMessage.nullable(),
  /** The newest message of the viewer that the other member has read: read receipts. */
  other_last_read_message_id: z.number().int().nullable(),
});
export type ChatSummary = z.infer<typeof chatSummary>;

/** GET /api/chats.php: the viewer's chats, most recent first (at most CHATS_LIST_CAP). */
export const chatsResponse = z.object({ chats: z.array(chatSummary) });
export type ChatsResponse = z.infer<typeof chatsResponse>;

/** GET /api/chat.php: by conversation id (`/chats/{id}`) or by member id (`/members/{id}/chat`). */
export const chatQuery = z.union([
  z.object({ id: conversationId }).strict(),
  z.object({ member_id: memberId }).strict(),
]);
export type ChatQuery = z.infer<typeof chatQuery>;

/**
 * Why the viewer cannot send in this chat now, or null: `premium_required` (a free member's third
 * chat), `recipient_not_confirmed` (the other member must confirm their e-mail before the viewer
 * can reply). The other direction (the viewer's own e-mail is unconfirmed, so no reply can come yet)
 * does not stop sending: `awaiting_my_confirmation` says why. A block is no reason given here: behind
 * a block the chat is not found at all, either way.
 */
export const CHAT_BLOCKERS = ['premium_required', 'recipient_not_confirmed'] as const;

/** One chat as its screen opens it. `conversation` is null before the first message. */
export const chatDetail = z.object({
  conversation: z.object({ id: z.number().int() }).nullable(),
  profile: profileCard,
  num_unread_messages: z.number().int().nonnegative(),
  other_last_read_message_id: z.number().int().nullable(),
  /** Why sending is refused now, or null. */
  cannot_send: z.enum(CHAT_BLOCKERS).nullable(),
  /** The viewer's own e-mail is unconfirmed: the other member cannot reply until it is. */
  awaiting_my_confirmation: z.boolean(),
  /**
   * Before the chat begins: the first message the viewer wrote on this member's landing at signup,
   * which could not be sent at activation (no credits, say), for the composer to start from.
   */
  draft: z.string().nullable().optional(),
});
export type ChatDetail = z.infer<typeof chatDetail>;
export const chatResponse = z.object({ chat: chatDetail });
export type ChatResponse = z.infer<typeof chatResponse>;

/**
 * GET /api/messages.php: one page of a conversation's history. Without `before`: the newest page;
 * with `before`: the page older than that message; with `after`: what came after that message
 * (catch-up after a reconnect, at most CHAT_CATCH_UP_CAP, `has_more` when there is more).
 */
export const messagesQuery = z
  .object({
    conversation_id: conversationId,
    before: messageId.optional(),
    after: messageId.optional(),
  })
  .strict()
  .refine((q) => q.before === undefined || q.after === undefined, { message: 'before or after, not both' });
export type MessagesQuery = z.infer<typeof messagesQuery>;

/**
 * `messages` oldest first within the page. `has_more`: older (or, with `after`, newer) messages
 * exist. `history_limited`: older messages exist that this viewer may not see (the chat history
 * limit, a free member).
 */
export const messagesResponse = z.object({
  messages: z.array(chatMessage),
  has_more: z.boolean(),
  history_limited: z.boolean(),
});
export type MessagesResponse = z.infer<typeof messagesResponse>;

/**
 * POST /api/messages.php with JSON: a text or a gift, to a conversation or (the first message) to a
 * member. A photo message is the same call as multipart/form-data with these fields and a `photo` file.
 */
export const sendMessageFields = z
  .object({
    client_id: z.uuid(),
    conversation_id: conversationId.optional(),
    member_id: memberId.optional(),
    kind: z.enum(['text', 'gift']).default('text'),
    body: z.string().max(10_000).default(''),
    gift_id: int4IdParam.optional(),
  })
  .strict();
/** A message goes to a conversation or (the first one) to a member: exactly one of the two. */
export const oneRecipient = [
  (b: { conversation_id?: number; member_id?: number }) =>
    (b.conversation_id === undefined) !== (b.member_id === undefined),
  { message: 'conversation_id or member_id' },
] as const;
export const sendMessageRequest = sendMessageFields.refine(...oneRecipient);
export type SendMessageRequest = z.input<typeof sendMessageRequest>;

/** The saved message (after commit) and the sender's balance after paying for it. */
export const sendMessageResponse = z.object({ message: chatMessage, credits: z.number().int() });
export type SendMessageResponse = z.infer<typeof sendMessageResponse>;

/** PUT /api/chat.php: the viewer has read the conversation up to this message. */
export const readRequest = z
  .object({ conversation: z.object({ id: conversationId }).strict(), last_read_message_id: messageId })
  .strict();
/** The read was recorded; the receipt travels as the `read` event. */
export const readResponse = z.object({ read: z.literal(true) });

/**
 * DELETE /api/chat.php: body `conversation` (id); or `member_id` to remove every chat
 * with that member (blocking uses it).
 */
export const removeChatRequest = z.union([
  z.object({ conversation: z.object({ id: conversationId }).strict() }).strict(),
  z.object({ member_id: memberId }).strict(),
]);
export type RemoveChatRequest = z.infer<typeof removeChatRequest>;
export const removeChatResponse = z.object({ removed: z.array(z.number().int()) });
export type RemoveChatResponse = z.infer<typeof removeChatResponse>;
