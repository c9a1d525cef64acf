import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  MailChangeRequest,
  PasswordChange,
  PasswordResetPerform,
  PasswordResetRequest,
} from '../../common/api/account-mail';
import { activationEndpoints } from '../../common/api/endpoints/activation';
import { mailChangeEndpoints } from '../../common/api/endpoints/mail-change';
import { passwordEndpoints } from '../../common/api/endpoints/password';
import { call } from './client';
import { userKey } from './user';

/** Sends the activation mail again (POST /api/activation.php). */
export const useResendActivation = () => useMutation({ mutationFn: () => call(activationEndpoints.resend) });

export const useRequestPasswordReset = () =>
  useMutation({
    mutationFn: (body: PasswordResetRequest) => call(passwordEndpoints.requestReset, { body }),
  });

/** Whether a reset link still works; asking does not use it up. */
export const useResetLink = (token: string) =>
  useQuery({
    queryKey: ['password-reset-link', token],
    queryFn: () => call(passwordEndpoints.resetLink, { query: { token } }),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });

/** Every session ends with a reset, this browser's too. */
export function usePerformReset() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: PasswordResetPerform) => call(passwordEndpoints.reset, { body }),
    onSuccess: () => client.setQueryData(userKey, { user: null }),
  });
}

export const useChangePassword = () =>
  useMutation({
    mutationFn: (body: PasswordChange) => call(passwordEndpoints.change, { body }),
  });

export const useRequestMailChange = () =>
  useMutation({
    mutationFn: (body: MailChangeRequest) => call(mailChangeEndpoints.request, { body }),
  });

/** Confirming the new address also confirms the account: the user is asked for again. */
export function useConfirmMailChange() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => call(mailChangeEndpoints.confirm, { body: { token } }),
    onSuccess: () => client.invalidateQueries({ queryKey: userKey }),
  });
}
