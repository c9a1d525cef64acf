import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CallOutput } from '../../common/api/contract';
import type { DirectDebitRequest } from '../../common/api/direct-debit';
import { creditsEndpoints } from '../../common/api/endpoints/credits';
import { directDebitEndpoints } from '../../common/api/endpoints/direct-debit';
import { paymentsEndpoints } from '../../common/api/endpoints/payments';
import type { PaymentRequest, TransactionResponse } from '../../common/api/payments';
import type { PaymentMethod } from '../../common/rules/payment-methods';
import { call } from './client';
import { userKey } from './user';

export const creditsKey = (discountCode: string | null, method: PaymentMethod | null = null) =>
  ['credits', discountCode ?? '', method ?? ''] as const;
export const timeBonusKey = ['time-bonus'] as const;
export const welcomeCodeKey = ['discount-code', 'welcome'] as const;
export const transactionsKey = ['transactions'] as const;
export const paymentKey = (id: string) => ['payment', id] as const;

/**
 * GET /api/credits.php: the price quote of the payment country, with `discountCode` where it holds
 * and the member's automatic discount; with `method`, the prices of paying that way.
 */
export function useCredits(discountCode: string | null, method: PaymentMethod | null = null) {
  return useQuery({
    queryKey: creditsKey(discountCode, method),
    queryFn: () => fetchCredits(discountCode, method),
    refetchInterval: false,
  });
}

/** GET /api/discountcode.php?welcome=true: the member's welcome discount, null when none holds (failure ignored). */
export function useWelcomeCode(enabled: boolean) {
  return useQuery({
    queryKey: welcomeCodeKey,
    enabled,
    queryFn: () =>
      call(creditsEndpoints.discountCode, { query: { welcome: 'true' } })
        .then((d) => d.discount_code)
        .catch(() => null),
    retry: false,
    refetchInterval: false,
    // It changes only with a payment or another login, which invalidate it.
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** GET /api/timebonus.php: the time bonus with its server deadline, or null. Loaded on login state change. */
export function useTimeBonusQuery(enabled: boolean) {
  return useQuery({
    queryKey: timeBonusKey,
    enabled,
    queryFn: () => call(creditsEndpoints.timeBonus).then((d) => d.time_bonus),
    refetchInterval: false,
    // The deadline is fixed at signup; a payment or another login invalidates it.
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** POST /api/payments.php: starts a payment; the browser then goes to `checkout_url`. */
export function useStartPayment() {
  return useMutation({
    mutationFn: (body: PaymentRequest) => call(paymentsEndpoints.start, { body }),
  });
}

/** POST /api/repeat-order.php: the last package again with the last method, in one step. */
export function useRepeatOrder() {
  return useMutation({
    mutationFn: () => call(paymentsEndpoints.repeat, { body: {} }),
  });
}

/** POST /api/directdebit.php: without `code` sends the SMS code; with it starts the direct debit. */
export function useDirectDebit() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: DirectDebitRequest) => call(directDebitEndpoints.submit, { body }),
    onSuccess: (data) => {
      if ('payment' in data) void client.invalidateQueries({ queryKey: userKey });
    },
  });
}

/** GET /api/transactions.php without `id` answers the list. */
type TransactionList = Extract<CallOutput<typeof paymentsEndpoints.transactions>, { transactions: unknown }>;

const SETTLED = new Set(['paid', 'failed', 'canceled', 'expired']);

/**
 * GET /api/payments.php?id=…: one payment, asked again every 2 s while it is open or pending (the
 * server asks the provider each time). Once paid, the user (credits, premium) is fetched again.
 */
export function usePayment(id: string | null) {
  const client = useQueryClient();
  return useQuery({
    queryKey: paymentKey(id ?? ''),
    enabled: id !== null,
    queryFn: async () => {
      const { payment } = await call(paymentsEndpoints.get, { query: { id: id ?? '' } });
      if (payment.status === 'paid') {
        void client.invalidateQueries({ queryKey: userKey });
        void client.invalidateQueries({ queryKey: transactionsKey });
        void client.invalidateQueries({ queryKey: timeBonusKey });
        void client.invalidateQueries({ queryKey: welcomeCodeKey });
        // The member is premium now: the time bonus and welcome discount leave the prices.
        void client.invalidateQueries({ queryKey: ['credits'] });
      }
      return payment;
    },
    refetchInterval: (query) => (query.state.data && SETTLED.has(query.state.data.status) ? false : 2_000),
  });
}

/** GET /api/transactions.php: the member's purchases, newest first, and the money-back period. */
export function useTransactions() {
  return useQuery({
    queryKey: transactionsKey,
    queryFn: () => call(paymentsEndpoints.transactions) as Promise<TransactionList>,
    refetchInterval: false,
  });
}

/** GET /api/transactions.php?id=…: one purchase with its invoice details (404 when not the member's). */
export function useTransaction(id: string) {
  return useQuery({
    queryKey: [...transactionsKey, id],
    queryFn: () => call(paymentsEndpoints.transactions, { query: { id } }) as Promise<TransactionResponse>,
    refetchInterval: false,
    retry: false,
  });
}

/** The GET of useCredits as a promise: the code entry checks a code with it before taking it (same cache entry). */
export function fetchCredits(discountCode: string | null, method: PaymentMethod | null = null) {
  return call(creditsEndpoints.quote, {
    query: { discount_code: discountCode ?? undefined, method: method ?? undefined },
  });
}
