import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import type { DiscountCode, TimeBonus } from '../../common/api/payments';
import { TIME_BONUS_TICK_MS } from '../../common/constants';
import { secondsLeft, welcomeMayHold, welcomeTimeLeft } from '../../common/rules/time-bonus';
import { timeBonusKey, useTimeBonusQuery, useWelcomeCode, welcomeCodeKey } from '../api/payments';
import { useUser } from '../api/user';

/**
 * The time bonus and the welcome discount as countdowns. Both count down to a
 * deadline the server gave: the time left at the answer, minus the monotonic time
 * (performance.now()) since, so a device clock that is changed moves nothing, and a reload only
 * asks the server for the same deadline again.
 */

// One one-second tick for every countdown on the page, running only while one is watched, so
// the banner, the modal and the premium page change their numbers together.
let ticks = 0;
let interval: ReturnType<typeof setInterval> | null = null;
const tickListeners = new Set<() => void>();

function subscribeTick(listener: () => void) {
  tickListeners.add(listener);
  interval ??= setInterval(() => {
    ticks += 1;
    for (const l of tickListeners) l();
  }, TIME_BONUS_TICK_MS);
  return () => {
    tickListeners.delete(listener);
    if (tickListeners.size === 0 && interval) {
      clearInterval(interval);
      interval = null;
    }
  };
}
const unsubscribed = () => () => {};
const readTicks = () => ticks;

function useTick(running: boolean) {
  useSyncExternalStore(running ? subscribeTick : unsubscribed, readTicks, readTicks);
}

/**
 * The monotonic time an answer arrived at, per query, converted once from the query's wall-clock
 * `dataUpdatedAt` the first time it is seen (which is as it renders), and kept: a countdown
 * mounted later, or after the device clock changed, starts from the same moment.
 */
const answeredAt = new Map<string, { updatedAt: number; mono: number }>();
function monotonicAnswerTime(query: string, updatedAt: number): number {
  const known = answeredAt.get(query);
  if (known?.updatedAt === updatedAt) return known.mono;
  const mono = performance.now() - Math.max(0, Date.now() - updatedAt);
  answeredAt.set(query, { updatedAt, mono });
  return mono;
}

/** The member whose bonus is in the cache: another login state means another bonus. */
let lastMember: number | null | undefined;

function useLoginStateReset(memberId: number | null, known: boolean) {
  const client = useQueryClient();
  useEffect(() => {
    if (!known) return;
    if (lastMember !== undefined && lastMember !== memberId) {
      answeredAt.clear();
      // A visitor keeps nothing; a member (logged in anew) gets their own answers.
      void client.resetQueries({ queryKey: timeBonusKey });
      void client.resetQueries({ queryKey: welcomeCodeKey });
    }
    lastMember = memberId;
  }, [client, memberId, known]);
}

export type TimeBonusState = {
  bonus: TimeBonus | null;
  secondsLeft: number;
  /** True while it shows: a logged-in non-paid member, the server answered a bonus, time is left. */
  running: boolean;
  /** The answer is in (or none is asked for): until then neither banner shows, so none flickers. */
  settled: boolean;
};

/**
 * The time bonus: asked for while a non-paid member is logged in (again at every change of
 * the login state), ended at zero, when the member becomes paid, or when there is none.
 */
export function useTimeBonus(): TimeBonusState {
  const { data: user, isPending: userPending } = useUser();
  const eligible = Boolean(user && !user.paid_user);
  useLoginStateReset(user?.profile.id ?? null, !userPending);
  const query = useTimeBonusQuery(eligible);
  const bonus = eligible ? (query.data ?? null) : null;
  const left = bonus
    ? secondsLeft(
        bonus.seconds_left,
        performance.now() - monotonicAnswerTime('time-bonus', query.dataUpdatedAt),
      )
    : 0;
  const running = left > 0;
  useTick(running);
  return {
    bonus: running ? bonus : null,
    secondsLeft: left,
    running,
    settled: !eligible || query.isSuccess || query.isError,
  };
}

export type OfferedDiscount =
  | { kind: 'time-bonus'; percent: number; secondsLeft: number }
  | {
      kind: 'welcome';
      percent: number;
      code: DiscountCode;
      /** Null for a code without an end. */
      timeLeft: ReturnType<typeof welcomeTimeLeft>;
    };

/**
 * The discount a non-paid member is offered now: the time bonus while it runs (it takes priority),
 * otherwise the welcome code while it holds, otherwise none. The welcome code is only
 * asked for once the time bonus is known not to run.
 */
export function useOfferedDiscount(): OfferedDiscount | null {
  const { data: user } = useUser();
  const timeBonus = useTimeBonus();
  // Asked for only while it may hold: a paid member, or one past its hours, is not asked about.
  const wantsWelcome =
    Boolean(user && !user.paid_user && welcomeMayHold(user.signup_date, Date.now())) &&
    timeBonus.settled &&
    !timeBonus.running;
  const welcome = useWelcomeCode(wantsWelcome);
  const code = wantsWelcome ? (welcome.data ?? null) : null;
  const endsAt = code?.expires ? Date.parse(code.expires) : null;
  const msLeft =
    code && endsAt !== null
      ? endsAt -
        welcome.dataUpdatedAt -
        (performance.now() - monotonicAnswerTime('welcome', welcome.dataUpdatedAt))
      : null;
  const welcomeHolds = Boolean(code && code.status === 'active' && !code.expired && (msLeft ?? 1) > 0);
  useTick(welcomeHolds && msLeft !== null);

  if (timeBonus.running && timeBonus.bonus)
    return {
      kind: 'time-bonus',
      percent: timeBonus.bonus.value_percentage,
      secondsLeft: timeBonus.secondsLeft,
    };
  if (code && welcomeHolds)
    return {
      kind: 'welcome',
      percent: code.value_percentage,
      code,
      timeLeft: msLeft === null ? null : welcomeTimeLeft(msLeft),
    };
  return null;
}
