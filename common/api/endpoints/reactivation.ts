import type { sentResponse } from '../account-mail';
import { endpoint } from '../contract';
import type { reactivation, reactivationMailRequest, reactivationResponse } from '../settings-account';

/** The way back from a deletion: the reactivation mail's token, or a new mail. */
export const reactivationEndpoints = {
  reactivate: endpoint<{ body: typeof reactivation; response: typeof reactivationResponse }>(
    'POST',
    '/api/reactivate.php',
  ),
  mail: endpoint<{ body: typeof reactivationMailRequest; response: typeof sentResponse }>(
    'POST',
    '/api/reactivation-mail.php',
  ),
};
