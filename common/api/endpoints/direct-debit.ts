import { endpoint } from '../contract';
import type { directDebitRequest, directDebitResponse } from '../direct-debit';

/**
 * The direct-debit form: without `code` it sends an SMS code (200, `code_sent`); with the code it
 * starts the debit (201, the payment).
 */
export const directDebitEndpoints = {
  submit: endpoint<{ body: typeof directDebitRequest; response: typeof directDebitResponse }>(
    'POST',
    '/api/directdebit.php',
  ),
};
