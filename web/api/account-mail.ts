import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  MailChangeRequest,
  PasswordChange,
  PasswordResetPerform,
  PasswordResetRequest,
  SentResponse,
} from '../../common/api/account-mail';
import { apiFetch, withQuery } from './client';
import { userKey } from './user';

/** Sends the activation mail again (POST /api/activation.php). */
export const useResendActivation = () =>
  useMutation({ mutationFn: () => apiFetch<SentResponse>('/api/activation.php', { method: 'POST' }) });

export const useRequestPasswordReset = () =>
  useMutation({
    mutationFn: (body: PasswordResetRequest) =>
      apiFetch<SentResponse>('/api/password-reset.php', { method: 'POST', json: body }),
  });

/** Whether a reset link still works; asking does not use it up. */
export const useResetLink = (token: string) =>
  useQuery({
    queryKey: ['password-reset-link', token],
    queryFn: () => apiFetch<{ valid: true }>(withQuery('/api/password-reset.php', { token })),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });

/** Every session ends with a reset, this browser's too. */
export function usePerformReset() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: PasswordResetPerform) =>
      apiFetch<{ reset: true }>('/api/password-reset.php', { method: 'PUT', json: body }),
    onSuccess: () => client.setQueryData(userKey, { user: null }),
  });
}

export const useChangePassword = () =>
  useMutation({
    mutationFn: (body: PasswordChange) =>
      apiFetch<{ changed: true }>('/api/password.php', { method: 'PUT', json: body }),
  });

export const useRequestMailChange = () =>
  useMutation({
    mutationFn: (body: MailChangeRequest) =>
      apiFetch<SentResponse>('/api/mail-change.php', { method: 'POST', json: body }),
  });

/** Confirming the new address also confirms the account: the user is asked for again. */
export function useConfirmMailChange() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (token: string) =>
      apiFetch<{ changed: true }>('/api/mail-change.php', { method: 'PUT', json: { token } }),
    onSuccess: () => client.invalidateQueries({ queryKey: userKey }),
  });
}
