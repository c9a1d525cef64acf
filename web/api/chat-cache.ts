import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type {
  ChatDetail,
  ChatMessage,
  ChatResponse,
  ChatsResponse,
  MessagesResponse,
} from '../../common/api/chats';
import type { UserResponse } from '../../common/api/user';
import { likesKey } from './likes';
import { userKey } from './user';

/**
 * The chat's query keys and how an event changes what they hold. HTTP answers and socket events
 * (common/api/events.ts) both land here, so a screen shows the same thing whichever came first.
 */
export const chatsKey = ['chats'] as const;
/** One chat, by conversation id (`/chats/{id}`) or by member id (`/members/{id}/chat`). */
export const chatDetailsKey = ['chat'] as const;
export const chatByConversationKey = (id: number) => ['chat', 'conversation', id] as const;
export const chatByMemberKey = (memberId: number) => ['chat', 'member', memberId] as const;
/** The history: pages newest first, each page's messages oldest first; page param = `before` cursor. */
export const messagesKey = (conversationId: number) => ['messages', conversationId] as const;
export type MessagesCache = InfiniteData<MessagesResponse, number | undefined>;

function updateChatDetails(
  client: QueryClient,
  conversationId: number,
  update: (chat: ChatDetail) => ChatDetail,
) {
  client.setQueriesData<ChatResponse>({ queryKey: ['chat'] }, (data) =>
    data?.chat.conversation?.id === conversationId ? { chat: update(data.chat) } : data,
  );
}

/**
 * A message saved on the server (an ack, an event, an HTTP answer): replaces the optimistic copy
 * with the same client_id, is ignored when already there, and moves its chat to the top of the list.
 * A message of a chat the list does not have yet reloads the list.
 */
export function addMessage(client: QueryClient, message: ChatMessage, viewerId: number): void {
  // Whether this copy is news to the history or the list: the same message may come twice (its event
  // again after a retried send, a catch-up that overlaps), and is counted unread once.
  let known: boolean | null = null;
  client.setQueryData<MessagesCache>(messagesKey(message.conversation_id), (data) => {
    const newest = data?.pages[0];
    if (!data || !newest) return data;
    const older = data.pages.slice(1);
    known = data.pages.some((p) => p.messages.some((m) => m.id === message.id));
    if (known) return data;
    const without = newest.messages.filter((m) => m.client_id !== message.client_id);
    return { ...data, pages: [{ ...newest, messages: [...without, message] }, ...older] };
  });
  const incoming = message.sender_id !== viewerId;
  let listed = false;
  client.setQueryData<ChatsResponse>(chatsKey, (data) => {
    if (!data) return data;
    const chat = data.chats.find((c) => c.conversation.id === message.conversation_id);
    if (!chat) return data;
    listed = true;
    if (chat.last_message && chat.last_message.id >= message.id) {
      known ??= chat.last_message.id === message.id;
      return data;
    }
    const { id, sender_id, kind, body, gift, created_at } = message;
    const updated = {
      ...chat,
      last_message: { id, sender_id, kind, body, gift, created_at },
      num_unread_messages: chat.num_unread_messages + (incoming ? 1 : 0),
    };
    return { chats: [updated, ...data.chats.filter((c) => c !== chat)] };
  });
  if (!listed && client.getQueryData(chatsKey)) void client.invalidateQueries({ queryKey: chatsKey });
  if (incoming && !known)
    updateChatDetails(client, message.conversation_id, (c) => ({
      ...c,
      num_unread_messages: c.num_unread_messages + 1,
    }));
}

/** `readerId` read the conversation up to a message: a receipt for the other side, or my other device. */
export function applyRead(
  client: QueryClient,
  event: { conversation_id: number; member_id: number; last_read_message_id: number },
  viewerId: number,
): void {
  const mine = event.member_id === viewerId;
  client.setQueryData<ChatsResponse>(chatsKey, (data) =>
    data
      ? {
          chats: data.chats.map((c) =>
            c.conversation.id !== event.conversation_id
              ? c
              : mine
                ? { ...c, num_unread_messages: 0 }
                : {
                    ...c,
                    other_last_read_message_id: Math.max(
                      c.other_last_read_message_id ?? 0,
                      event.last_read_message_id,
                    ),
                  },
          ),
        }
      : data,
  );
  updateChatDetails(client, event.conversation_id, (c) =>
    mine
      ? { ...c, num_unread_messages: 0 }
      : {
          ...c,
          other_last_read_message_id: Math.max(c.other_last_read_message_id ?? 0, event.last_read_message_id),
        },
  );
}

/** A chat left the list: removed here, on another device, or by a block. */
export function removeChat(client: QueryClient, conversationId: number): void {
  client.setQueryData<ChatsResponse>(chatsKey, (data) =>
    data ? { chats: data.chats.filter((c) => c.conversation.id !== conversationId) } : data,
  );
  client.removeQueries({ queryKey: messagesKey(conversationId) });
}

/** The member's balance changed: the top bar and the composer's price check read it from the user. */
export function setCredits(client: QueryClient, credits: number): void {
  client.setQueryData<UserResponse>(userKey, (data) =>
    data?.user ? { user: { ...data.user, credits } } : data,
  );
}

/** A like or a match arrived: the likes list and its badge reload. */
export function likeArrived(client: QueryClient): void {
  void client.invalidateQueries({ queryKey: likesKey });
}

/** Unread messages over all chats: the top bar's badge and the page title's count. */
export function totalUnread(data: ChatsResponse | undefined): number {
  return data ? data.chats.reduce((sum, c) => sum + c.num_unread_messages, 0) : 0;
}
