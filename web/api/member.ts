import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { accountEndpoints } from '../../common/api/endpoints/account';
import { memberEndpoints } from '../../common/api/endpoints/member';
import { readTracking } from '../state/tracking';
import { call } from './client';
import { likesKey } from './likes';
import { blocksKey } from './settings-account';

export const memberKey = (id: number) => ['member', id] as const;

/**
 * GET /api/member.php: one member's profile. Opening a liker's profile marks their like seen on
 * the server, so the likes (and their new-like badge) are asked for again.
 */
export function useMember(id: number) {
  const client = useQueryClient();
  return useQuery({
    queryKey: memberKey(id),
    queryFn: async () => {
      // A visitor who came with a tracking network sees what that network's rule allows.
      const { network } = readTracking();
      const { profile } = await call(memberEndpoints.get, { query: { id, network } });
      if (profile.likes_you) void client.invalidateQueries({ queryKey: likesKey });
      return profile;
    },
    enabled: Number.isSafeInteger(id) && id > 0,
  });
}

/** Blocks (`blocked: true`) or unblocks a member; their profile, the likes and the block list reload. */
export function useBlockToggle() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ memberId, blocked }: { memberId: number; blocked: boolean }) =>
      call(blocked ? accountEndpoints.block : accountEndpoints.unblock, { body: { member_id: memberId } }),
    onSuccess: (_data, { memberId }) => {
      void client.invalidateQueries({ queryKey: memberKey(memberId) });
      void client.invalidateQueries({ queryKey: likesKey });
      void client.invalidateQueries({ queryKey: blocksKey });
    },
  });
}
