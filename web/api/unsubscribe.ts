import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unsubscribeEndpoints } from '../../common/api/endpoints/unsubscribe';
import { call } from './client';
import { notificationsKey } from './settings-account';

/** POST /api/unsubscribe.php with the token of a notification mail's link; the settings reload after. */
export function useUnsubscribe() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => call(unsubscribeEndpoints.unsubscribe, { body: { token } }),
    onSuccess: () => client.invalidateQueries({ queryKey: notificationsKey }),
  });
}
