import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { profileEndpoints } from '../../common/api/endpoints/profile';
import type { ProfileEditBody } from '../../common/api/profile-edit';
import { call } from './client';
import { userKey } from './user';

export const ownProfileKey = ['own-profile'] as const;

export function useOwnProfile() {
  return useQuery({
    queryKey: ownProfileKey,
    queryFn: () => call(profileEndpoints.get),
    select: (d) => d.profile,
  });
}

/** Saves the profile; the answer replaces the cached profile and the card in the user refreshes. */
export function useSaveProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ProfileEditBody) => call(profileEndpoints.update, { body }),
    onSuccess: (data) => {
      client.setQueryData(ownProfileKey, data);
      void client.invalidateQueries({ queryKey: userKey });
    },
  });
}
