import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AutoLikeResponse, BounceRequest, LikeResponse, LikesResponse } from '../../common/api/likes';
import { REFRESH_INTERVAL_MS } from '../../common/constants';
import { apiFetch } from './client';

export const likesKey = ['likes'] as const;
const fetchLikes = () => apiFetch<LikesResponse>('/api/likes.php');

/**
 * GET /api/likes.php: received and given likes; matches are ids in both. Reloaded every 60 s
 * (SPEC §9) so the new-likes badge follows likes that arrive meanwhile.
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

/** Like (`liked: true`) or unlike a member; the likes list and that member's profile reload. */
export function useLikeToggle() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ memberId, liked }: { memberId: number; liked: boolean }) =>
      apiFetch<LikeResponse>('/api/likes.php', {
        method: liked ? 'POST' : 'DELETE',
        json: { member_id: memberId },
      }),
    onSuccess: (_data, { memberId }) => {
      void client.invalidateQueries({ queryKey: likesKey });
      void client.invalidateQueries({ queryKey: ['member', memberId] });
    },
  });
}

/** GET /api/auto-like.php: a real unseen like (now marked seen), or null. */
export const fetchAutoLike = () => apiFetch<AutoLikeResponse>('/api/auto-like.php');

/** POST /api/bounce.php: logs a page bounce (the `lb` query); a failure only loses one log line. */
export const postBounce = (bounce: BounceRequest) =>
  apiFetch('/api/bounce.php', { method: 'POST', json: bounce }).catch(() => undefined);
