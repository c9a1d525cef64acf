import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { AutomaticDiscount } from '../../common/api/payments';
import type { PaymentMethod } from '../../common/rules/payment-methods';
import { ApiError } from '../api/client';
import { creditsKey, fetchCredits } from '../api/payments';
import { useUser } from '../api/user';
import { setEnteredCode, useEnteredCode } from './entered-code';

// setTimeout holds at most 2^31-1 ms; a later deadline is met by the next visit.
const LONGEST_TIMER_MS = 2_147_000_000;

/** A refusal of the code itself (used, expired, worse than the running discount), not a failure to answer. */
const refusesCode = (error: unknown) =>
  error instanceof ApiError &&
  error.status >= 400 &&
  error.status < 500 &&
  ![401, 403, 408, 429].includes(error.status);

/** The automatic discount with its deadline in this browser's clock (ms since epoch). */
export type RunningDiscount = AutomaticDiscount & { endsAt: number };

/**
 * The server's price quote (GET /api/credits.php): every package at the best of the code the member
 * entered, the running time bonus and the welcome discount, and what a message, a photo and a gift
 * cost. The credits page, the payment steps, the pricing page and the chat composer all show this
 * one quote; the browser computes no price of its own. Visitors get the list prices.
 */
export function usePriceQuote(method: PaymentMethod | null = null) {
  const { data: user } = useUser();
  const stored = useEnteredCode();
  const entered = user ? stored : null;
  const [dropped, setDropped] = useState<{ code: string; message: string } | null>(null);
  const query = useQuery({
    queryKey: creditsKey(entered, method),
    queryFn: () => fetchCredits(entered, method),
    refetchInterval: false,
    // Asked again when the automatic discount ends (below) and after a payment; between pages of
    // one visit the answer holds (the code entry's check is this answer too).
    staleTime: 10_000,
    // When the code changes the old prices stay until the new ones come.
    placeholderData: keepPreviousData,
  });

  // The deadline counts from when the server said how many seconds were left, so a wrong clock on
  // the device does not stretch or shorten it.
  const auto = query.data?.automatic ?? null;
  const automatic: RunningDiscount | null = auto
    ? { ...auto, endsAt: query.dataUpdatedAt + auto.seconds_left * 1000 }
    : null;

  // When the automatic discount ends, the prices change: the quote is asked again at its deadline.
  const endsAt = automatic && !automatic.reserved && !query.isPlaceholderData ? automatic.endsAt : null;
  const { refetch } = query;
  useEffect(() => {
    if (endsAt === null) return;
    const id = window.setTimeout(
      () => void refetch(),
      Math.min(Math.max(0, endsAt - Date.now()) + 50, LONGEST_TIMER_MS),
    );
    return () => window.clearTimeout(id);
  }, [endsAt, refetch]);

  // A code the server no longer prices with (used on another device, expired, held by an unfinished
  // payment) is forgotten, with the reason; the prices come again without it.
  const error = query.error;
  useEffect(() => {
    if (!entered || !refusesCode(error)) return;
    setEnteredCode(null);
    setDropped({ code: entered, message: (error as ApiError).message });
  }, [error, entered]);

  const data = query.data ?? null;
  return {
    user,
    data,
    /** The code the member entered, accepted by the server. */
    entered: data?.discount_code ?? null,
    automatic,
    /** The quote asked for, not the previous one shown while it comes. */
    exact: query.data !== undefined && !query.isPlaceholderData,
    failed: query.isError && !(entered && refusesCode(error)),
    error,
    retry: () => void refetch(),
    dropped,
    clearDropped: () => setDropped(null),
  };
}
export type PriceQuote = ReturnType<typeof usePriceQuote>;
