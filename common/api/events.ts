import { z } from 'zod';
import { chatMessage, conversationId, messageId, oneRecipient, sendMessageFields } from './chats';
import { ERROR_CODES } from './errors';

/**
 * What travels over the chat socket at /api/ws (real-time events). Events only wake the
 * browser: what they carry lands in the same query cache as the HTTP answers, and after any gap
 * (a reconnect, a lost event) the client catches up over HTTP from the last message it has.
 */

/** Server → browser: things that happened to the member this socket belongs to. */
export const serverEvent = z.discriminatedUnion('type', [
  /**
   * The socket is subscribed: whatever is published from now on arrives. The browser catches up over
   * HTTP on this event, not on `open`, so nothing published between the two is missed (with Redis the
   * subscription is confirmed later than the upgrade). Sent again after the server lost events
   * (its Redis connection dropped), so the browser catches up again.
   */
  z.object({ type: z.literal('ready') }),
  /** A new message in one of the member's chats, theirs (from another tab or device) or the other's. */
  z.object({ type: z.literal('message'), message: chatMessage }),
  /** `member_id` read the conversation up to `last_read_message_id`. */
  z.object({
    type: z.literal('read'),
    conversation_id: z.number().int(),
    member_id: z.number().int(),
    last_read_message_id: z.number().int(),
  }),
  /** The other member is typing in this conversation. */
  z.object({ type: z.literal('typing'), conversation_id: z.number().int(), member_id: z.number().int() }),
  /** The chat left the member's list (removed by them elsewhere, or a block). */
  z.object({ type: z.literal('chat_removed'), conversation_id: z.number().int() }),
  /** `member_id` liked the member; `match` when the member likes them too. */
  z.object({ type: z.literal('like'), member_id: z.number().int(), match: z.boolean() }),
  /** The member's balance changed (a message paid, a purchase, an operator's correction). */
  z.object({ type: z.literal('credits'), credits: z.number().int() }),
  /** The answer to a `send` frame, after commit: the saved message and the balance after it. */
  z.object({
    type: z.literal('ack'),
    client_id: z.uuid(),
    message: chatMessage,
    credits: z.number().int(),
  }),
  /**
   * Sessions of the member ended (a logout, a password change or reset, a deletion, a suspension
   * or a ban): never reaches a browser; each socket route checks its own session again on it and
   * closes the socket when that session is gone.
   */
  z.object({ type: z.literal('session_ended') }),
  /** A `send` frame refused: the same error JSON and status the HTTP call would answer. */
  z.object({
    type: z.literal('send_error'),
    client_id: z.uuid(),
    status: z.number().int(),
    error: z.enum(ERROR_CODES),
    message: z.string(),
    retry_after: z.number().int().optional(),
  }),
]);
export type ServerEvent = z.infer<typeof serverEvent>;

/** Browser → server frames. Sending over the socket saves the round trip of an HTTP call per message. */
export const clientFrame = z.discriminatedUnion('type', [
  sendMessageFields.extend({ type: z.literal('send') }).refine(...oneRecipient),
  z.object({ type: z.literal('typing'), conversation_id: conversationId }).strict(),
  z
    .object({ type: z.literal('read'), conversation_id: conversationId, last_read_message_id: messageId })
    .strict(),
]);
export type ClientFrame = z.infer<typeof clientFrame>;
