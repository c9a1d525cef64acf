import type { QueryClient } from '@tanstack/react-query';
import type { ChatMessage } from '../../common/api/chats';
import type { MessagesCache } from './chat-cache';

/**
 * Where a history's catch-up starts. The newest id in the cache will not do: it holds the member's
 * own sends (acknowledged by their own instance) and live events, and an event lost meanwhile (a
 * Redis restart, an instance gone) may carry a lower id than both: asking "after the newest" would
 * skip it for good. So each history keeps the id up to which an HTTP answer proved it complete, and
 * only HTTP answers move it: a socket event proves nothing about the messages before it.
 */

/**
 * Message ids are taken before the commit, so an answer holding message 105 may lack a 103 that was
 * still committing (whose event may be lost as well). Messages written within this time of an
 * answer's newest one are not counted as proven: the next catch-up asks for them again, and the
 * cache ignores those it has.
 */
export const CATCH_UP_OVERLAP_MS = 10_000;

/**
 * The id up to which a complete answer (every message of the conversation after `from`, as the
 * newest history page or a catch-up gives) proves the history complete, `from` when it proves nothing
 * more.
 */
export function provenUpTo(from: number, answer: readonly Pick<ChatMessage, 'id' | 'created_at'>[]): number {
  const newest = answer.reduce((t, m) => Math.max(t, Date.parse(m.created_at)), Number.NEGATIVE_INFINITY);
  let upTo = from;
  for (const m of answer)
    if (Date.parse(m.created_at) <= newest - CATCH_UP_OVERLAP_MS && m.id > upTo) upTo = m.id;
  return upTo;
}

/** Per query client (one per page), per conversation: the id the history is proven complete up to. */
const proven = new WeakMap<QueryClient, Map<number, number>>();

/** Records a complete answer about the history of a conversation (see provenUpTo). */
export function recordAnswer(
  client: QueryClient,
  conversationId: number,
  from: number,
  answer: readonly Pick<ChatMessage, 'id' | 'created_at'>[],
): void {
  const byChat = proven.get(client) ?? new Map<number, number>();
  proven.set(client, byChat);
  byChat.set(conversationId, Math.max(byChat.get(conversationId) ?? 0, provenUpTo(from, answer)));
}

/**
 * The `after` of a history's catch-up: what HTTP answers proved (0: nothing, the history reloads). A
 * history no answer has filled (the empty one a chat's first message makes) starts from the other
 * member's newest message in it, as its own sends say nothing of theirs.
 */
export function catchUpFrom(
  client: QueryClient,
  conversationId: number,
  data: MessagesCache,
  viewerId: number,
): number {
  const known = proven.get(client)?.get(conversationId);
  if (known !== undefined) return known;
  let theirs = 0;
  for (const m of data.pages[0]?.messages ?? []) if (m.sender_id !== viewerId && m.id > theirs) theirs = m.id;
  return theirs;
}

/**
 * A reloaded history keeps what arrived while the reload was on its way: the answer's newest page is
 * the server's view when it was read, and a message committed (and delivered live) after that would
 * otherwise vanish from the screen with no later event to bring it back.
 */
export function keepArrived(previous: MessagesCache | undefined, fresh: MessagesCache): MessagesCache {
  const newest = fresh.pages[0];
  if (!previous || !newest) return fresh;
  const have = new Set(fresh.pages.flatMap((p) => p.messages.map((m) => m.id)));
  const floor = newest.has_more ? (newest.messages[0]?.id ?? 0) : 0;
  const arrived = previous.pages.flatMap((p) =>
    p.messages.filter((m) => m.id > floor && !have.has(m.id) && have.add(m.id)),
  );
  if (arrived.length === 0) return fresh;
  const messages = [...newest.messages, ...arrived].sort((a, b) => a.id - b.id);
  return { ...fresh, pages: [{ ...newest, messages }, ...fresh.pages.slice(1)] };
}
