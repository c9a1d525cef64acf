import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LikeResponse, LikesResponse } from '../../common/api/likes';
import { apiFetch } from './client';

export const likesKey = ['likes'] as const;

/** GET /api/likes.php: received and given likes; matches are ids in both. */
export function useLikes(enabled = true) {
  return useQuery({
    queryKey: likesKey,
    queryFn: () => apiFetch<LikesResponse>('/api/likes.php'),
    enabled,
  });
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
