import type {
  linkValidResponse,
  passwordChange,
  passwordChangeResponse,
  passwordResetLinkQuery,
  passwordResetPerform,
  passwordResetRequest,
  passwordResetResponse,
  sentResponse,
} from '../account-mail';
import { endpoint } from '../contract';

/** A forgotten password reset by a mailed link, and the logged-in member's password change. */
export const passwordEndpoints = {
  requestReset: endpoint<{ body: typeof passwordResetRequest; response: typeof sentResponse }>(
    'POST',
    '/api/password-reset.php',
  ),
  resetLink: endpoint<{ query: typeof passwordResetLinkQuery; response: typeof linkValidResponse }>(
    'GET',
    '/api/password-reset.php',
  ),
  reset: endpoint<{ body: typeof passwordResetPerform; response: typeof passwordResetResponse }>(
    'PUT',
    '/api/password-reset.php',
  ),
  change: endpoint<{ body: typeof passwordChange; response: typeof passwordChangeResponse }>(
    'PUT',
    '/api/password.php',
  ),
};
