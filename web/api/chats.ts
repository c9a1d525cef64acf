import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChatQuery } from '../../common/api/chats';
import { chatsEndpoints } from '../../common/api/endpoints/chats';
import { applyRead, chatByConversationKey, chatByMemberKey, chatsKey, removeChat } from './chat-cache';
import { fetchChats } from './chats-unread';
import { call } from './client';
import { sendRead } from './realtime';
import { refreshInterval } from './user';

/**
 * GET /api/chats.php: the overview, reloaded every 60 s (300 s while push is subscribed)
 * as a fallback for a lost event.
 * The progress bar only follows queries without data, so only the first load shows it. The same
 * query (key and fetch) as the unread total of the top bar and the page title (chats-unread.ts).
 */
export function useChats(enabled = true) {
  return useQuery({ queryKey: chatsKey, queryFn: fetchChats, enabled, refetchInterval: refreshInterval });
}

/** Which chat a screen shows: `/chats/{id}` names the conversation, `/members/{id}/chat` the member. */
export type ChatRef = { conversationId: number } | { memberId: number };

export const chatKeyOf = (ref: ChatRef) =>
  'conversationId' in ref ? chatByConversationKey(ref.conversationId) : chatByMemberKey(ref.memberId);

const chatQueryOf = (ref: ChatRef): ChatQuery =>
  'conversationId' in ref ? { id: ref.conversationId } : { member_id: ref.memberId };

/** GET /api/chat.php: the other member's card, unread count, read receipt and why sending is refused. */
export function useChat(ref: ChatRef, enabled = true) {
  return useQuery({
    queryKey: chatKeyOf(ref),
    queryFn: () => call(chatsEndpoints.get, { query: chatQueryOf(ref) }),
    select: (d) => d.chat,
    enabled,
  });
}

/**
 * Removing a chat: it leaves the list at once, then the server is told; on failure the
 * error is shown in a browser alert and the chats reload.
 */
export function useRemoveChat() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (conversationId: number) =>
      call(chatsEndpoints.remove, { body: { conversation: { id: conversationId } } }),
    onMutate: async (conversationId) => {
      // A reload answering now would put the chat back in the list.
      await client.cancelQueries({ queryKey: chatsKey });
      removeChat(client, conversationId);
    },
    onError: (error) => {
      window.alert(error.message);
      void client.invalidateQueries({ queryKey: chatsKey });
    },
  });
}

/**
 * The viewer read the conversation up to a message. The unread count is 0 in the
 * cache at once.
 */
export function useMarkRead(viewerId: number | undefined) {
  const client = useQueryClient();
  return useMutation({
    // Over the socket when it is connected, else PUT /api/chat.php.
    mutationFn: async ({ conversationId, messageId }: { conversationId: number; messageId: number }) => {
      if (sendRead(conversationId, messageId)) return 'socket' as const;
      await call(chatsEndpoints.read, {
        body: { conversation: { id: conversationId }, last_read_message_id: messageId },
      });
      return 'http' as const;
    },
    onMutate: async ({ conversationId, messageId }) => {
      // A reload of the list that left before the read was recorded would bring the count back.
      await client.cancelQueries({ queryKey: chatsKey });
      if (viewerId === undefined) return;
      applyRead(
        client,
        { conversation_id: conversationId, member_id: viewerId, last_read_message_id: messageId },
        viewerId,
      );
    },
    // After an HTTP read the server has recorded it: the list reloads. A socket read is answered by
    // the `read` event (after commit); a reload now could pass it and bring back the old count.
    onSettled: (via) => (via === 'socket' ? undefined : client.invalidateQueries({ queryKey: chatsKey })),
  });
}
