import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DirectDebitRequest } from '../../common/api/direct-debit';
import type {
  CreditsResponse,
  DiscountCode,
  Payment,
  PaymentRequest,
  PaymentStarted,
  TimeBonus,
  TransactionResponse,
} from '../../common/api/payments';
import { apiFetch } from './client';
import { userKey } from './user';

export const creditsKey = (discountCode: string | null) => ['credits', discountCode ?? ''] as const;
export const timeBonusKey = ['time-bonus'] as const;
export const welcomeCodeKey = ['discount-code', 'welcome'] as const;
export const transactionsKey = ['transactions'] as const;
export const paymentKey = (id: string) => ['payment', id] as const;

/** GET /api/credits.php: packages priced for the payment country, with `discountCode` applied where it holds. */
export function useCredits(discountCode: string | null) {
  const query = discountCode ? `?discount_code=${encodeURIComponent(discountCode)}` : '';
  return useQuery({
    queryKey: creditsKey(discountCode),
    queryFn: () => apiFetch<CreditsResponse>(`/api/credits.php${query}`),
    refetchInterval: false,
  });
}

/** GET /api/discountcode.php?code=…: checks a code the member typed (404/409/400 say why not). */
export function fetchDiscountCode(code: string) {
  return apiFetch<{ discount_code: DiscountCode }>(
    `/api/discountcode.php?code=${encodeURIComponent(code)}`,
  ).then((d) => d.discount_code);
}

/** GET /api/discountcode.php?welcome=true: the member's welcome discount, null when none holds (SPEC §7: failure ignored). */
export function useWelcomeCode(enabled: boolean) {
  return useQuery({
    queryKey: welcomeCodeKey,
    enabled,
    queryFn: () =>
      apiFetch<{ discount_code: DiscountCode }>('/api/discountcode.php?welcome=true')
        .then((d) => d.discount_code)
        .catch(() => null),
    retry: false,
    refetchInterval: false,
    // It changes only with a payment or another login, which invalidate it.
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** GET /api/timebonus.php: SPEC §4's time bonus with its server deadline, or null. Loaded on login state change. */
export function useTimeBonusQuery(enabled: boolean) {
  return useQuery({
    queryKey: timeBonusKey,
    enabled,
    queryFn: () => apiFetch<{ time_bonus: TimeBonus | null }>('/api/timebonus.php').then((d) => d.time_bonus),
    refetchInterval: false,
    // The deadline is fixed at signup; a payment or another login invalidates it.
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** POST /api/payments.php: starts a payment; the browser then goes to `checkout_url`. */
export function useStartPayment() {
  return useMutation({
    mutationFn: (body: PaymentRequest) =>
      apiFetch<PaymentStarted>('/api/payments.php', { method: 'POST', json: body }),
  });
}

/** POST /api/repeat-order.php: the last package again with the last method, in one step. */
export function useRepeatOrder() {
  return useMutation({
    mutationFn: () => apiFetch<PaymentStarted>('/api/repeat-order.php', { method: 'POST', json: {} }),
  });
}

/** POST /api/directdebit.php: without `code` sends the SMS code; with it starts the direct debit. */
export function useDirectDebit() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: DirectDebitRequest) =>
      apiFetch<PaymentStarted | { code_sent: true; phone_hint: string; expires_in: number }>(
        '/api/directdebit.php',
        { method: 'POST', json: body },
      ),
    onSuccess: (data) => {
      if ('payment' in data) void client.invalidateQueries({ queryKey: userKey });
    },
  });
}

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
      const { payment } = await apiFetch<{ payment: Payment }>(
        `/api/payments.php?id=${encodeURIComponent(id ?? '')}`,
      );
      if (payment.status === 'paid') {
        void client.invalidateQueries({ queryKey: userKey });
        void client.invalidateQueries({ queryKey: transactionsKey });
        void client.invalidateQueries({ queryKey: timeBonusKey });
        void client.invalidateQueries({ queryKey: welcomeCodeKey });
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
    queryFn: () => apiFetch<{ transactions: Payment[]; refund_days: number }>('/api/transactions.php'),
    refetchInterval: false,
  });
}

/** GET /api/transactions.php?id=…: one purchase with its invoice details (404 when not the member's). */
export function useTransaction(id: string) {
  return useQuery({
    queryKey: [...transactionsKey, id],
    queryFn: () => apiFetch<TransactionResponse>(`/api/transactions.php?id=${encodeURIComponent(id)}`),
    refetchInterval: false,
    retry: false,
  });
}

/** The GET of useCredits as a promise: the code entry checks a code with it before taking it (same cache entry). */
export function fetchCredits(discountCode: string | null) {
  const query = discountCode ? `?discount_code=${encodeURIComponent(discountCode)}` : '';
  return apiFetch<CreditsResponse>(`/api/credits.php${query}`);
}
