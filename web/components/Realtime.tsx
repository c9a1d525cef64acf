import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect } from 'react';
import { useUnreadTotal } from '../api/chats-unread';
import { useNewLikesCount } from '../api/likes';
import { connectRealtime } from '../api/realtime';
import { setAttentionCount } from '../state/attention';
import { lazyImport } from '../state/chunk-reload';
import { forgetMatchMoments, useMatchMoment } from '../state/match-moment';
import { watchPageHidden } from '../state/page-hidden';
import { useMemberPush } from '../state/push';
import { ConnectionStatus } from './ConnectionStatus';

const MatchMoment = lazy(lazyImport(() => import('./MatchMoment')));

/**
 * The logged-in member's live part, loaded lazily by the Root layout: holds the socket while the
 * member is logged in, counts unread messages plus new likes for the title and app badge, says
 * when the member's own connection is offline or reconnecting, and shows a new match's moment.
 */
export default function Realtime({ viewerId }: { viewerId: number }) {
  const client = useQueryClient();
  useEffect(() => connectRealtime(client, viewerId), [client, viewerId]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new member forgets the last one's matches
  useEffect(() => forgetMatchMoments, [viewerId]);
  // This browser's push state, the pushes the worker tells of, the subscription re-filed.
  useMemberPush();
  // The page-hidden beacon, for presence and for choosing between push and e-mail.
  useEffect(() => watchPageHidden(client), [client]);
  const total = useUnreadTotal() + useNewLikesCount();
  useEffect(() => setAttentionCount(total), [total]);
  useEffect(() => () => setAttentionCount(0), []);
  const matchMoment = useMatchMoment();
  return (
    <>
      <ConnectionStatus />
      {matchMoment && (
        <Suspense fallback={null}>
          <MatchMoment />
        </Suspense>
      )}
    </>
  );
}
