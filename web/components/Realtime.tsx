import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useUnreadTotal } from '../api/chats-unread';
import { useNewLikesCount } from '../api/likes';
import { connectRealtime } from '../api/realtime';
import { setAttentionCount } from '../state/attention';
import { watchPageHidden } from '../state/page-hidden';
import { useMemberPush } from '../state/push';
import { ConnectionStatus } from './ConnectionStatus';

/**
 * The logged-in member's live part, loaded lazily by the Root layout: holds the socket while the
 * member is logged in, counts unread messages plus new likes for the title and app badge, and says
 * when the member's own connection is offline or reconnecting.
 */
export default function Realtime({ viewerId }: { viewerId: number }) {
  const client = useQueryClient();
  useEffect(() => connectRealtime(client, viewerId), [client, viewerId]);
  // This browser's push state, the pushes the worker tells of, the subscription re-filed.
  useMemberPush();
  // The page-hidden beacon, for presence and for choosing between push and e-mail.
  useEffect(() => watchPageHidden(client), [client]);
  const total = useUnreadTotal() + useNewLikesCount();
  useEffect(() => setAttentionCount(total), [total]);
  useEffect(() => () => setAttentionCount(0), []);
  return <ConnectionStatus />;
}
