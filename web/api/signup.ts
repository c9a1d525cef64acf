import { useQuery } from '@tanstack/react-query';
import type {
  CompleteSignupBody,
  SignupBody,
  SignupMatchesResponse,
  SignupProfileResponse,
  SignupResponse,
} from '../../common/api/signup';
import { apiFetch } from './client';

export const signup = (body: SignupBody) =>
  apiFetch<SignupResponse>('/api/signup.php', { method: 'POST', json: body });

export const signupProfileKey = ['signup-profile'] as const;

export function useSignupProfile() {
  return useQuery({
    queryKey: signupProfileKey,
    queryFn: () => apiFetch<SignupProfileResponse>('/api/signup.php'),
    select: (d) => d.profile,
  });
}

export const completeSignup = (body: CompleteSignupBody) =>
  apiFetch<SignupProfileResponse>('/api/signup.php', { method: 'PUT', json: body });

export function useSignupMatches() {
  return useQuery({
    queryKey: ['signup-matches'],
    queryFn: () => apiFetch<SignupMatchesResponse>('/api/signup-matches.php'),
    select: (d) => d.profiles,
  });
}
