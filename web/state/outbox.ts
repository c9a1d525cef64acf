import { useSyncExternalStore } from 'react';
import type { ChatMessage } from '../../common/api/chats';

/** What the member asked to send, kept so a failed send can be retried with the same client id. */
export type OutgoingDraft =
  | { kind: 'text'; body: string }
  | { kind: 'gift'; giftId: number; slug: string }
  | { kind: 'photo'; file: File };

/** A message not saved yet: shown at the bottom of the history as sending, or failed with a retry. */
export type OutboxMessage = ChatMessage & {
  local: { state: 'sending' | 'failed'; draft: OutgoingDraft; error: string | null };
};

/**
 * Messages on their way, per chat screen (`c:<conversation>` or `m:<member>`). They live outside
 * the history's query cache so a reload of the history cannot drop a message that is still
 * sending or waiting for a retry; a saved message leaves the outbox and joins the history.
 */
const boxes = new Map<string, OutboxMessage[]>();
const listeners = new Set<() => void>();
const EMPTY: OutboxMessage[] = [];

function write(key: string, messages: OutboxMessage[]) {
  if (messages.length) boxes.set(key, messages);
  else boxes.delete(key);
  for (const l of listeners) l();
}

export const outbox = {
  get: (key: string): OutboxMessage[] => boxes.get(key) ?? EMPTY,
  /** Adds the message, or replaces the one with the same client id (a retry). */
  put(key: string, message: OutboxMessage) {
    const rest = outbox.get(key).filter((m) => m.client_id !== message.client_id);
    write(key, [...rest, message]);
  },
  fail(key: string, clientId: string, error: string) {
    write(
      key,
      outbox
        .get(key)
        .map((m) => (m.client_id === clientId ? { ...m, local: { ...m.local, state: 'failed', error } } : m)),
    );
  },
  remove(key: string, clientId: string) {
    const gone = outbox.get(key).find((m) => m.client_id === clientId);
    // The preview of a photo on its way is an object URL: freed once the saved photo replaces it.
    if (gone?.photo?.url.startsWith('blob:')) URL.revokeObjectURL(gone.photo.url);
    write(
      key,
      outbox.get(key).filter((m) => m.client_id !== clientId),
    );
  },
  clear() {
    boxes.clear();
    for (const l of listeners) l();
  },
};

export function useOutbox(key: string): OutboxMessage[] {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => outbox.get(key),
    () => EMPTY,
  );
}
