import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { bounceEndpoints } from '../../common/api/endpoints/bounce';
import { likesEndpoints } from '../../common/api/endpoints/likes';
import type { BounceRequest } from '../../common/api/likes';
import { REFRESH_INTERVAL_MS } from '../../common/constants';
import { showMatchMoment } from '../state/match-moment';
import { call } from './client';

export const likesKey = ['likes'] as const;
const fetchLikes = () => call(likesEndpoints.list);

/**
 * GET /api/likes.php: received and given likes; matches are ids in both. Reloaded every 60 s
 * so the new-likes badge follows likes that arrive meanwhile.
 */
export function useLikes(enabled = true) {
  return useQuery({
    queryKey: likesKey,
    queryFn: fetchLikes,
    enabled,
    refetchInterval: REFRESH_INTERVAL_MS,
  });
}

/** How many received likes are new: the top bar's badge and the page title's count. */
export function useNewLikesCount(enabled = true): number {
  const { data } = useQuery({
    queryKey: likesKey,
    queryFn: fetchLikes,
    enabled,
    refetchInterval: REFRESH_INTERVAL_MS,
    select: (d) => d.liked_by.filter((l) => l.like_new).length,
  });
  return enabled ? (data ?? 0) : 0;
}

/**
 * Like (`liked: true`) or unlike a member; the likes list and that member's profile reload, and a
 * like that made a match shows the match moment.
 */
export function useLikeToggle() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ memberId, liked }: { memberId: number; liked: boolean }) =>
      call(liked ? likesEndpoints.like : likesEndpoints.unlike, { body: { member_id: memberId } }),
    onSuccess: (data, { memberId }) => {
      // This like made the match: its moment shows at once.
      if (data.match_moment) showMatchMoment(data.match_moment);
      void client.invalidateQueries({ queryKey: likesKey });
      void client.invalidateQueries({ queryKey: ['member', memberId] });
    },
  });
}

/** GET /api/auto-like.php: a real unseen like (now marked seen), or null. */
export const fetchAutoLike = () => call(likesEndpoints.autoLike);

/** POST /api/bounce.php: logs a page bounce (the `lb` query); a failure only loses one log line. */
export const postBounce = (bounce: BounceRequest) =>
  call(bounceEndpoints.log, { body: bounce }).catch(() => undefined);
