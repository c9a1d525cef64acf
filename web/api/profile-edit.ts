import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OwnProfileResponse, ProfileEditBody } from '../../common/api/profile-edit';
import { apiFetch } from './client';
import { userKey } from './user';

export const ownProfileKey = ['own-profile'] as const;

export function useOwnProfile() {
  return useQuery({
    queryKey: ownProfileKey,
    queryFn: () => apiFetch<OwnProfileResponse>('/api/profile.php'),
    select: (d) => d.profile,
  });
}

/** Saves the profile; the answer replaces the cached profile and the card in the user refreshes. */
export function useSaveProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ProfileEditBody) =>
      apiFetch<OwnProfileResponse>('/api/profile.php', { method: 'PUT', json: body }),
    onSuccess: (data) => {
      client.setQueryData(ownProfileKey, data);
      void client.invalidateQueries({ queryKey: userKey });
    },
  });
}
