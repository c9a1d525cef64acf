import { endpoint } from '../contract';
import type {
  paymentQuery,
  paymentRequest,
  paymentResponse,
  paymentStarted,
  repeatOrderRequest,
  transactionsAnswer,
  transactionsQuery,
} from '../payments';

/**
 * Paying: start a payment, follow it, repeat the last one, and the member's transactions. The
 * provider's webhook answers plain text to the provider and is no call of the browser's.
 */
export const paymentsEndpoints = {
  start: endpoint<{ body: typeof paymentRequest; response: typeof paymentStarted }>(
    'POST',
    '/api/payments.php',
  ),
  get: endpoint<{ query: typeof paymentQuery; response: typeof paymentResponse }>('GET', '/api/payments.php'),
  repeat: endpoint<{ body: typeof repeatOrderRequest; response: typeof paymentStarted }>(
    'POST',
    '/api/repeat-order.php',
  ),
  /** The list without `id`, one purchase with its invoice details with it. */
  transactions: endpoint<{ query: typeof transactionsQuery; response: typeof transactionsAnswer }>(
    'GET',
    '/api/transactions.php',
  ),
};
