import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AccountDeletion,
  AccountResponse,
  BlocksResponse,
  NotificationSettings,
  NotificationsResponse,
  NotificationsUpdate,
  ReactivationMailRequest,
} from '../../common/api/settings-account';
import type { UserResponse } from '../../common/api/user';
import { apiFetch, withQuery } from './client';
import { userKey } from './user';

export const notificationsKey = ['notifications'] as const;
export const accountKey = ['account'] as const;
export const blocksKey = ['blocks'] as const;

export function useNotifications() {
  return useQuery({
    queryKey: notificationsKey,
    queryFn: () => apiFetch<NotificationsResponse>('/api/notifications.php'),
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
    mutationFn: (update: NotificationsUpdate) =>
      apiFetch<NotificationsResponse>('/api/notifications.php', { method: 'PUT', json: update }),
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
  useNotificationsMutation(() =>
    apiFetch<NotificationsResponse>('/api/notifications-essential.php', { method: 'POST', json: {} }),
  );

/** Turns e-mail back on. The user's notifications_disabled follows with forgetEmailOff. */
export function useEnableEmail() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiFetch<NotificationsResponse>('/api/notifications-disabled.php', { method: 'DELETE' }),
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
    queryFn: () => apiFetch<AccountResponse>('/api/account.php'),
    select: (d) => d.account,
  });
}

export function useSetInvisible() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (invisible: boolean) =>
      apiFetch<AccountResponse>('/api/account.php', { method: 'PUT', json: { invisible } }),
    onSuccess: (data) => client.setQueryData(accountKey, data),
  });
}

export function usePause() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiFetch<AccountResponse & NotificationsResponse>('/api/account-pause.php', {
        method: 'POST',
        json: {},
      }),
    onSuccess: ({ account, notifications }) => {
      client.setQueryData(accountKey, { account });
      client.setQueryData(notificationsKey, { notifications });
    },
  });
}

export function useBlocks() {
  return useInfiniteQuery({
    queryKey: blocksKey,
    queryFn: ({ pageParam }) => apiFetch<BlocksResponse>(withQuery('/api/blocks.php', { cursor: pageParam })),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
  });
}

export function useUnblock() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (memberId: number) =>
      apiFetch<{ blocked: boolean }>('/api/blocks.php', { method: 'DELETE', json: { member_id: memberId } }),
    onSuccess: () => client.invalidateQueries({ queryKey: blocksKey }),
  });
}

/** After deletion every session has ended: the member is a visitor now, with no member data cached. */
export function useDeleteAccount() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AccountDeletion) =>
      apiFetch<unknown>('/api/account.php', { method: 'DELETE', json: body }),
    onSuccess: () => {
      for (const queryKey of [notificationsKey, accountKey, blocksKey]) client.removeQueries({ queryKey });
      client.setQueryData<UserResponse>(userKey, { user: null });
    },
  });
}

export function useReactivate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (token: string) =>
      apiFetch<unknown>('/api/reactivate.php', { method: 'POST', json: { token } }),
    onSuccess: () => client.invalidateQueries({ queryKey: userKey }),
  });
}

export const useReactivationMail = () =>
  useMutation({
    mutationFn: (body: ReactivationMailRequest) =>
      apiFetch<unknown>('/api/reactivation-mail.php', { method: 'POST', json: body }),
  });
