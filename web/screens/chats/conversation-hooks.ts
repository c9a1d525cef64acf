import type { TFunction } from 'i18next';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import type { MessagesResponse } from '../../../common/api/chats';
import { useMarkRead } from '../../api/chats';
import type { SendFailure } from '../../api/messages';
import { type HistoryRow, newestIncomingId } from './history-rows';

const subscribeVisibility = (onChange: () => void) => {
  document.addEventListener('visibilitychange', onChange);
  return () => document.removeEventListener('visibilitychange', onChange);
};
const pageVisible = () => document.visibilityState !== 'hidden';

/**
 * Opening a conversation sets its unread count to 0 (when it has unread messages), and a
 * message of the other member that arrives while it is open is read too, once the page is in
 * view: a chat left open in a background tab does not send read receipts for what nobody saw.
 */
export function useMarkReadWhileOpen(opts: {
  conversationId: number | null;
  pages: MessagesResponse[];
  viewerId: number;
  unread: number;
}) {
  const { conversationId, pages, viewerId, unread } = opts;
  const markRead = useMarkRead(viewerId);
  const marked = useRef<number | null>(null);
  const newestIn = newestIncomingId(pages, viewerId);
  const { mutate } = markRead;
  const visible = useSyncExternalStore(subscribeVisibility, pageVisible, () => true);
  useEffect(() => {
    if (conversationId === null || newestIn === null || !visible) return;
    const first = marked.current === null;
    if (!first && newestIn <= (marked.current ?? 0)) return;
    marked.current = newestIn;
    if (first && unread === 0) return;
    mutate({ conversationId, messageId: newestIn });
  }, [conversationId, newestIn, unread, mutate, visible]);
}

/** A new message of the other member, in words for a screen reader (the history is no live region). */
export function useIncomingAnnouncement(rows: HistoryRow[], name: string): string {
  const { t } = useTranslation();
  const lastRow = rows.at(-1);
  const [announcement, setAnnouncement] = useState('');
  const seenLast = useRef<string | null>(null);
  useEffect(() => {
    if (lastRow?.type !== 'message') return;
    if (seenLast.current !== null && lastRow.key !== seenLast.current && !lastRow.mine) {
      const m = lastRow.message;
      const text = m.kind === 'text' ? m.body : m.kind === 'photo' ? t('chats.photo') : t('chats.gift');
      setAnnouncement(t('chat.newMessage', { name, text }));
    }
    seenLast.current = lastRow.key;
  }, [lastRow, name, t]);
  return announcement;
}

/** "in 5 hours" / "in 20 minutes", in the member's language. */
function relativeIn(seconds: number, lng: string | undefined) {
  const minutes = Math.max(1, Math.round(seconds / 60));
  const rtf = new Intl.RelativeTimeFormat(lng === 'nb' ? 'nb-NO' : (lng ?? 'en'), { numeric: 'auto' });
  return minutes >= 60 ? rtf.format(Math.round(minutes / 60), 'hour') : rtf.format(minutes, 'minute');
}

/**
 * What a refused send says under the history. Credits and premium have their own modals; a flood
 * gets a calm word, a lost connection says so, the new-conversation limit says when a
 * new chat is possible again, anything else is the server's own message.
 */
export function problemText(problem: SendFailure, t: TFunction, lng?: string): string | null {
  if (problem.code === 'not_enough_credits' || problem.code === 'premium_required') return null;
  if (problem.code === 'slow_down' || problem.code === 'too_many_requests') return t('chat.slowDown');
  if (problem.code === 'network') return t('chat.offline');
  if (problem.code === 'conversation_limit' && problem.retryAfter !== null)
    return `${problem.message} ${t('chat.conversationLimitAgain', { when: relativeIn(problem.retryAfter, lng) })}`;
  return problem.message;
}
