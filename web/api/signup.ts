import { useQuery } from '@tanstack/react-query';
import { signupEndpoints } from '../../common/api/endpoints/signup';
import type { CompleteSignupBody, SignupBody } from '../../common/api/signup';
import { call } from './client';

export const signup = (body: SignupBody) => call(signupEndpoints.signup, { body });

export const signupProfileKey = ['signup-profile'] as const;

export function useSignupProfile() {
  return useQuery({
    queryKey: signupProfileKey,
    queryFn: () => call(signupEndpoints.profile),
    select: (d) => d.profile,
  });
}

export const completeSignup = (body: CompleteSignupBody) => call(signupEndpoints.complete, { body });

export function useSignupMatches() {
  return useQuery({
    queryKey: ['signup-matches'],
    queryFn: () => call(signupEndpoints.matches),
    select: (d) => d.profiles,
  });
}
