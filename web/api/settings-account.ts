import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { accountEndpoints } from '../../common/api/endpoints/account';
import { notificationsEndpoints } from '../../common/api/endpoints/notifications';
import { reactivationEndpoints } from '../../common/api/endpoints/reactivation';
import type {
  AccountDeletion,
  NotificationSettings,
  NotificationsResponse,
  NotificationsUpdate,
  ReactivationMailRequest,
} from '../../common/api/settings-account';
import type { UserResponse } from '../../common/api/user';
import { call } from './client';
import { userKey } from './user';

export const notificationsKey = ['notifications'] as const;
export const accountKey = ['account'] as const;
export const blocksKey = ['blocks'] as const;

export function useNotifications() {
  return useQuery({
    queryKey: notificationsKey,
    queryFn: () => call(notificationsEndpoints.get),
    select: (d) => d.notifications,
  });
}

/** Every change answers with the whole settings, which replace the cached ones. */
function useNotificationsMutation<V>(send: (v: V) => Promise<NotificationsResponse>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (data) => client.setQueryData(notificationsKey, data),
  });
}

/** A switch moves at once; a failure puts it back. */
export function useUpdateNotifications() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (update: NotificationsUpdate) => call(notificationsEndpoints.update, { body: update }),
    onMutate: async (update) => {
      await client.cancelQueries({ queryKey: notificationsKey });
      const before = client.getQueryData<NotificationsResponse>(notificationsKey);
      if (before)
        client.setQueryData<NotificationsResponse>(notificationsKey, {
          notifications: {
            ...before.notifications,
            settings: { ...before.notifications.settings, ...update.settings } as NotificationSettings,
          },
        });
      return { before };
    },
    onError: (_err, _update, context) => {
      if (context?.before) client.setQueryData(notificationsKey, context.before);
    },
    onSuccess: (data) => client.setQueryData(notificationsKey, data),
  });
}

export const useEssentialNotifications = () =>
  useNotificationsMutation(() => call(notificationsEndpoints.essentialOnly));

/** Turns e-mail back on. The user's notifications_disabled follows with forgetEmailOff. */
export function useEnableEmail() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => call(notificationsEndpoints.enableEmail),
    onSuccess: (data) => client.setQueryData(notificationsKey, data),
  });
}

/** Clears the cached user's notifications_disabled, which takes the alert away. */
export function useForgetEmailOff() {
  const client = useQueryClient();
  return () =>
    client.setQueryData<UserResponse>(userKey, (old) =>
      old?.user ? { user: { ...old.user, notifications_disabled: [] } } : old,
    );
}

export function useAccount() {
  return useQuery({
    queryKey: accountKey,
    queryFn: () => call(accountEndpoints.get),
    select: (d) => d.account,
  });
}

export function useSetInvisible() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (invisible: boolean) => call(accountEndpoints.update, { body: { invisible } }),
    onSuccess: (data) => client.setQueryData(accountKey, data),
  });
}

export function usePause() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => call(accountEndpoints.pause),
    onSuccess: ({ account, notifications }) => {
      client.setQueryData(accountKey, { account });
      client.setQueryData(notificationsKey, { notifications });
    },
  });
}

export function useBlocks() {
  return useInfiniteQuery({
    queryKey: blocksKey,
    queryFn: ({ pageParam }) => call(accountEndpoints.blocks, { query: { cursor: pageParam ?? undefined } }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
  });
}

export function useUnblock() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (memberId: number) => call(accountEndpoints.unblock, { body: { member_id: memberId } }),
    onSuccess: () => client.invalidateQueries({ queryKey: blocksKey }),
  });
}

/** After deletion every session has ended: the member is a visitor now, with no member data cached. */
export function useDeleteAccount() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AccountDeletion) => call(accountEndpoints.delete, { body }),
    onSuccess: () => {
      for (const queryKey of [notificationsKey, accountKey, blocksKey]) client.removeQueries({ queryKey });
      client.setQueryData<UserResponse>(userKey, { user: null });
    },
  });
}

export function useReactivate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => call(reactivationEndpoints.reactivate, { body: { token } }),
    onSuccess: () => client.invalidateQueries({ queryKey: userKey }),
  });
}

export const useReactivationMail = () =>
  useMutation({
    mutationFn: (body: ReactivationMailRequest) => call(reactivationEndpoints.mail, { body }),
  });
