import { infiniteQueryOptions, useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type {
  ChatResponse,
  MessagesResponse,
  SendMessageRequest,
  SendMessageResponse,
} from '../../common/api/chats';
import { messagesEndpoints } from '../../common/api/endpoints/messages';
import { type OutboxMessage, type OutgoingDraft, outbox } from '../state/outbox';
import { keepArrived, recordAnswer } from './catch-up';
import {
  addMessage,
  chatByMemberKey,
  chatsKey,
  type MessagesCache,
  messagesKey,
  setCredits,
} from './chat-cache';
import type { ChatRef } from './chats';
import { chatKeyOf } from './chats';
import { ApiError, call } from './client';
import { sendOverSocket } from './realtime';

/**
 * GET /api/messages.php: the newest page first; `fetchNextPage` brings the page before the oldest
 * message shown (scrolling up). Pages are newest first, each page's messages oldest first. The
 * newest page holds every message up to its newest: what a catch-up may start from (catch-up.ts).
 */
export const historyQuery = (conversationId: number) =>
  infiniteQueryOptions({
    queryKey: messagesKey(conversationId),
    queryFn: async ({ pageParam, signal, client }) => {
      const page = await call(
        messagesEndpoints.history,
        { query: { conversation_id: conversationId, before: pageParam } },
        { signal },
      );
      if (pageParam === undefined) recordAnswer(client, conversationId, 0, page.messages);
      return page;
    },
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last: MessagesResponse) => (last.has_more ? last.messages[0]?.id : undefined),
    structuralSharing: (previous: unknown, fresh: unknown) =>
      keepArrived(previous as MessagesCache | undefined, fresh as MessagesCache),
  });

export function useMessages(conversationId: number | null) {
  return useInfiniteQuery({ ...historyQuery(conversationId ?? 0), enabled: conversationId !== null });
}

/** The outbox of one chat screen: by the conversation or, before the first message, the member. */
export const outboxKey = (ref: ChatRef) =>
  'conversationId' in ref ? `c:${ref.conversationId}` : `m:${ref.memberId}`;

/** A send that was refused: the server's code (not_enough_credits, premium_required, slow_down…). */
export type SendFailure = { code: string; message: string; retryAfter: number | null };

function toRequest(
  draft: OutgoingDraft,
  clientId: string,
  to: { conversation_id: number } | { member_id: number },
): { json: SendMessageRequest } | { body: FormData } {
  if (draft.kind === 'photo') {
    const form = new FormData();
    form.set('client_id', clientId);
    for (const [k, v] of Object.entries(to)) form.set(k, String(v));
    form.set('photo', draft.file);
    return { body: form };
  }
  return draft.kind === 'gift'
    ? { json: { client_id: clientId, ...to, kind: 'gift', gift_id: draft.giftId } }
    : { json: { client_id: clientId, ...to, kind: 'text', body: draft.body } };
}

/**
 * A text or gift goes over the socket when it is connected (no HTTP round trip per message); a
 * photo, or any send while the socket is away or drops it, over HTTP. The same client id makes
 * the HTTP try after a lost socket send safe: the server saves and charges it once.
 */
async function post(
  request: { json: SendMessageRequest } | { body: FormData },
): Promise<SendMessageResponse> {
  const viaSocket = 'json' in request ? sendOverSocket(request.json) : null;
  if (viaSocket) {
    try {
      return await viaSocket;
    } catch (error) {
      if (error instanceof ApiError) throw error;
    }
  }
  return 'json' in request
    ? call(messagesEndpoints.send, { body: request.json })
    : call(messagesEndpoints.sendPhoto, {}, { body: request.body });
}

function optimistic(
  draft: OutgoingDraft,
  clientId: string,
  conversationId: number | null,
  viewerId: number,
): OutboxMessage {
  const preview = draft.kind === 'photo' ? URL.createObjectURL(draft.file) : null;
  return {
    id: 0,
    conversation_id: conversationId ?? 0,
    client_id: clientId,
    sender_id: viewerId,
    kind: draft.kind,
    body: draft.kind === 'text' ? draft.body : '',
    photo: preview ? { url: preview, thumb_url: preview } : null,
    gift: draft.kind === 'gift' ? { id: draft.giftId, slug: draft.slug } : null,
    created_at: new Date().toISOString(),
    local: { state: 'sending', draft, error: null },
  };
}

/**
 * Sends a text, gift or photo: shown at once as sending; the saved message replaces it (by its
 * client id) and the balance follows the answer. A failed send stays with a retry that uses the
 * SAME client id, so a send that did reach the server is never saved or charged twice.
 */
export function useSendMessage(opts: {
  ref: ChatRef;
  conversationId: number | null;
  memberId: number;
  viewerId: number;
  onFailure: (failure: SendFailure) => void;
}) {
  const client = useQueryClient();
  const { ref, conversationId, memberId, viewerId, onFailure } = opts;
  const key = outboxKey(ref);

  const deliver = useCallback(
    async (draft: OutgoingDraft, clientId: string) => {
      const previous = outbox.get(key).find((m) => m.client_id === clientId);
      outbox.put(
        key,
        previous
          ? { ...previous, local: { ...previous.local, state: 'sending', error: null } }
          : optimistic(draft, clientId, conversationId, viewerId),
      );
      const to = conversationId !== null ? { conversation_id: conversationId } : { member_id: memberId };
      try {
        const answer = await post(toRequest(draft, clientId, to));
        const saved = answer.message;
        if (conversationId === null) {
          // The first message made the conversation: its history starts here, and the chat knows its id.
          client.setQueryData<MessagesCache>(
            messagesKey(saved.conversation_id),
            (data) =>
              data ?? {
                pages: [{ messages: [], has_more: false, history_limited: false }],
                pageParams: [undefined],
              },
          );
          client.setQueryData<ChatResponse>(chatByMemberKey(memberId), (data) =>
            data ? { chat: { ...data.chat, conversation: { id: saved.conversation_id } } } : data,
          );
          void client.invalidateQueries({ queryKey: chatsKey });
        }
        addMessage(client, saved, viewerId);
        setCredits(client, answer.credits);
        outbox.remove(key, clientId);
      } catch (error) {
        const failure: SendFailure =
          error instanceof ApiError
            ? { code: error.code, message: error.message, retryAfter: error.body?.retry_after ?? null }
            : {
                code: 'network',
                message: error instanceof Error ? error.message : String(error),
                retryAfter: null,
              };
        outbox.fail(key, clientId, failure.code);
        // Why sending is refused may have changed (premium, a confirmation), or the member is gone
        // (behind a block, the chat is not found): ask again, and the screen says so.
        if (['premium_required', 'recipient_not_confirmed', 'not_found'].includes(failure.code))
          void client.invalidateQueries({ queryKey: chatKeyOf(ref) });
        onFailure(failure);
      }
    },
    [client, key, ref, conversationId, memberId, viewerId, onFailure],
  );

  const send = useCallback((draft: OutgoingDraft) => deliver(draft, crypto.randomUUID()), [deliver]);
  const retry = useCallback(
    (message: OutboxMessage) => deliver(message.local.draft, message.client_id),
    [deliver],
  );
  const discard = useCallback((message: OutboxMessage) => outbox.remove(key, message.client_id), [key]);
  return { send, retry, discard };
}
