import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ApiError } from '../../api/client';
import { creditsKey, fetchCredits, useTimeBonusQuery, useWelcomeCode } from '../../api/payments';
import { useUser } from '../../api/user';
import { chooseDiscount } from './discount';
import { setEnteredCode, useEnteredCode } from './entered-code';

// setTimeout holds at most 2^31-1 ms; a later deadline is met by the next visit.
const LONGEST_TIMER_MS = 2_147_000_000;

/** A refusal of the code itself (used, expired, not for this country), as opposed to a failure to answer. */
const refusesCode = (error: unknown) =>
  error instanceof ApiError &&
  error.status >= 400 &&
  error.status < 500 &&
  ![401, 403, 408, 429].includes(error.status);

/**
 * The packages priced with the active discount (see chooseDiscount). Mount only for a logged-in
 * member: the endpoints answer authentication_required to visitors.
 */
export function usePricing() {
  const { data: user } = useUser();
  const eligible = Boolean(user && !user.paid_user);
  const timeBonusQuery = useTimeBonusQuery(eligible);
  const welcomeQuery = useWelcomeCode(eligible);
  const entered = useEnteredCode();
  const [refused, setRefused] = useState<string[]>([]);
  const [dropped, setDropped] = useState<{ code: string; message: string } | null>(null);
  const [now, setNow] = useState(() => Date.now());

  // The deadline counts from when the server said how many seconds were left, so a wrong clock on
  // the device does not stretch or shorten it.
  const bonus = timeBonusQuery.data;
  const timeBonus = bonus
    ? { code: bonus.code, endsAt: timeBonusQuery.dataUpdatedAt + bonus.seconds_left * 1000 }
    : null;
  const active = chooseDiscount({
    eligible,
    entered,
    timeBonus,
    welcome: welcomeQuery.data ?? null,
    refused,
    now,
  });

  // When the running discount ends, the prices change: choose again at its deadline.
  const endsAt = active?.endsAt ?? null;
  useEffect(() => {
    if (endsAt === null) return;
    const id = window.setTimeout(
      () => setNow(Date.now()),
      Math.min(Math.max(0, endsAt - Date.now()) + 50, LONGEST_TIMER_MS),
    );
    return () => window.clearTimeout(id);
  }, [endsAt]);

  // Until both automatic discounts are known the prices are not final: asking before would fetch
  // list prices only to replace them (the same request as useCredits, held back until then).
  // A time bonus that fails to load does not hold the prices back while its retries run.
  const settling =
    eligible && ((timeBonusQuery.isPending && timeBonusQuery.failureCount === 0) || welcomeQuery.isPending);
  const activeCode = active?.code ?? null;
  const credits = useQuery({
    queryKey: creditsKey(activeCode),
    queryFn: () => fetchCredits(activeCode),
    enabled: !settling,
    refetchInterval: false,
    // When the discount changes (the time bonus ends, a code is removed) the old prices stay until the new ones come.
    placeholderData: keepPreviousData,
  });

  // A code the server no longer prices with (used on another device, expired meanwhile) is dropped,
  // and the prices come again without it; a code the member entered is forgotten, with the reason.
  const error = credits.error;
  const activeSource = active?.source ?? null;
  useEffect(() => {
    if (!activeCode || !refusesCode(error)) return;
    setRefused((r) => (r.includes(activeCode) ? r : [...r, activeCode]));
    if (activeSource === 'entered') {
      setEnteredCode(null);
      setDropped({ code: activeCode, message: (error as ApiError).message });
    }
  }, [error, activeCode, activeSource]);

  const data = !settling && credits.data ? credits.data : null;
  return {
    user,
    active,
    data,
    applied: data?.discount_code ?? null,
    failed: credits.isError && !(activeCode && refusesCode(error)),
    retry: () => void credits.refetch(),
    dropped,
    clearDropped: () => setDropped(null),
  };
}
export type Pricing = ReturnType<typeof usePricing>;
