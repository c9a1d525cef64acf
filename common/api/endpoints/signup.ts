import { endpoint } from '../contract';
import type {
  completeSignupRequest,
  signupMatchesResponse,
  signupProfileResponse,
  signupRequest,
  signupResponse,
} from '../signup';

/** Signing up, completing the profile after it and the first matches. */
export const signupEndpoints = {
  signup: endpoint<{ body: ReturnType<typeof signupRequest>; response: typeof signupResponse }>(
    'POST',
    '/api/signup.php',
  ),
  profile: endpoint<{ response: typeof signupProfileResponse }>('GET', '/api/signup.php'),
  complete: endpoint<{ body: typeof completeSignupRequest; response: typeof signupProfileResponse }>(
    'PUT',
    '/api/signup.php',
  ),
  matches: endpoint<{ response: typeof signupMatchesResponse }>('GET', '/api/signup-matches.php'),
};
