import type { QueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { messagesEndpoints } from '../../common/api/endpoints/messages';
import type { ServerEvent } from '../../common/api/events';
import { TYPING_INDICATOR_MS } from '../../common/constants';
import { checkMatchMoment } from '../state/match-moment';
import { catchUpFrom, recordAnswer } from './catch-up';
import {
  addMessage,
  applyRead,
  chatDetailsKey,
  chatsKey,
  likeArrived,
  type MessagesCache,
  messagesKey,
  removeChat,
  setCredits,
} from './chat-cache';
import { call } from './client';
import { likesKey } from './likes';

/**
 * What a socket event changes in the browser: the same cache updaters as the HTTP answers
 * (chat-cache.ts), plus the typing indicator, which only the socket knows.
 */

// --- Typing ---------------------------------------------------------------------------------------

/** Conversation → when the other member's typing indicator goes out (ms since epoch). */
const typingUntil = new Map<number, number>();
const typingListeners = new Set<() => void>();
const notifyTyping = () => {
  for (const l of typingListeners) l();
};

export function setTyping(conversationId: number, until: number | null) {
  if (until === null) {
    if (!typingUntil.delete(conversationId)) return;
  } else typingUntil.set(conversationId, until);
  notifyTyping();
}

/** Whether the other member of the conversation typed in the last TYPING_INDICATOR_MS. */
export function isTyping(conversationId: number, now = Date.now()): boolean {
  return (typingUntil.get(conversationId) ?? 0) > now;
}

function subscribeTyping(listener: () => void) {
  typingListeners.add(listener);
  return () => typingListeners.delete(listener);
}

/** The other member is typing in this conversation (the indicator under the history). */
export function useTyping(conversationId: number | null): boolean {
  const typing = useSyncExternalStore(
    subscribeTyping,
    () => conversationId !== null && isTyping(conversationId),
    () => false,
  );
  const until = conversationId === null ? 0 : (typingUntil.get(conversationId) ?? 0);
  // Re-render when the indicator expires; a new typing event moves `until` and the timer with it.
  useEffect(() => {
    if (!typing || conversationId === null) return;
    const timer = setTimeout(notifyTyping, Math.max(0, until - Date.now()) + 10);
    return () => clearTimeout(timer);
  }, [typing, until, conversationId]);
  return typing;
}

// --- Events ---------------------------------------------------------------------------------------

/** Hands one server event to the cache. `ready`, `ack` and `send_error` belong to the connection. */
export function applyEvent(
  client: QueryClient,
  event: ServerEvent,
  viewerId: number,
  now = Date.now(),
): void {
  switch (event.type) {
    case 'message':
      addMessage(client, event.message, viewerId);
      // Whoever sent a message has stopped typing it.
      if (event.message.sender_id !== viewerId) setTyping(event.message.conversation_id, null);
      return;
    case 'ack':
      addMessage(client, event.message, viewerId);
      setCredits(client, event.credits);
      return;
    case 'read':
      applyRead(client, event, viewerId);
      return;
    case 'typing':
      if (event.member_id !== viewerId) setTyping(event.conversation_id, now + TYPING_INDICATOR_MS);
      return;
    case 'chat_removed':
      removeChat(client, event.conversation_id);
      setTyping(event.conversation_id, null);
      // A block removes the chat too, and then it is not found: an open chat screen asks again.
      void client.invalidateQueries({ queryKey: chatDetailsKey });
      return;
    case 'credits':
      setCredits(client, event.credits);
      return;
    case 'like':
      likeArrived(client);
      // The like made a match: its moment, as the server keeps it for this member.
      if (event.match) void checkMatchMoment();
      return;
    case 'ready':
    case 'send_error':
      return;
  }
}

/**
 * After a (re)connect, or a `ready` on a live socket (events were lost): whatever happened while the
 * socket was away. The chat list (the unread counts) and the likes and matches reload, an unseen
 * match moment shows; every history
 * in the cache asks for what came after what HTTP answers proved it holds (catch-up.ts), or reloads
 * when that is more than one catch-up holds.
 */
export async function catchUp(client: QueryClient, viewerId: number): Promise<void> {
  void client.invalidateQueries({ queryKey: chatsKey });
  void client.invalidateQueries({ queryKey: likesKey });
  // A match made while the member was away (or its event lost) shows its moment now.
  void checkMatchMoment();
  const histories = client.getQueriesData<MessagesCache>({ queryKey: ['messages'] });
  await Promise.all(
    histories.map(async ([key, data]) => {
      const conversationId = Number(key[1]);
      if (!conversationId || !data) return;
      const after = catchUpFrom(client, conversationId, data, viewerId);
      if (!after) {
        // Nothing proven yet: the history reloads, and its newest page is the proof.
        await client.invalidateQueries({ queryKey: messagesKey(conversationId) });
        return;
      }
      try {
        const page = await call(messagesEndpoints.history, {
          query: { conversation_id: conversationId, after },
        });
        if (page.has_more) await client.invalidateQueries({ queryKey: messagesKey(conversationId) });
        else {
          for (const message of page.messages) addMessage(client, message, viewerId);
          recordAnswer(client, conversationId, after, page.messages);
        }
      } catch {
        // The chat may be gone (removed, blocked): its screen reloads it and says so.
        await client.invalidateQueries({ queryKey: messagesKey(conversationId) });
      }
    }),
  );
}
