import type { sentResponse } from '../account-mail';
import { endpoint } from '../contract';

/**
 * The activation mail sent again. Its link (`GET /api/activation.php?token=`) is a page that
 * redirects, not a call: it stays out of the contract.
 */
export const activationEndpoints = {
  resend: endpoint<{ response: typeof sentResponse }>('POST', '/api/activation.php'),
};
