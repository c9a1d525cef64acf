import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UnsubscribeResponse } from '../../common/api/notification-mail';
import { apiFetch } from './client';
import { notificationsKey } from './settings-account';

/** POST /api/unsubscribe.php with the token of a notification mail's link; the settings reload after. */
export function useUnsubscribe() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (token: string) =>
      apiFetch<UnsubscribeResponse>('/api/unsubscribe.php', { method: 'POST', json: { token } }),
    onSuccess: () => client.invalidateQueries({ queryKey: notificationsKey }),
  });
}
