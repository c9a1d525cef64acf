import { useQuery } from '@tanstack/react-query';
import { chatsEndpoints } from '../../common/api/endpoints/chats';
import { chatsKey, totalUnread } from './chat-cache';
import { call } from './client';
import { refreshInterval } from './user';

/** GET /api/chats.php: the same query (key and answer) as the chat overview's. */
export const fetchChats = () => call(chatsEndpoints.list);

/**
 * Unread messages over all chats, for the page title and app badge; reloaded every 60 s (300 s while
 * push is subscribed) as a fallback for a lost event (socket events update the same cache at once).
 */
export function useUnreadTotal(enabled = true): number {
  const { data } = useQuery({
    queryKey: chatsKey,
    queryFn: fetchChats,
    enabled,
    refetchInterval: refreshInterval,
    select: totalUnread,
  });
  return enabled ? (data ?? 0) : 0;
}
