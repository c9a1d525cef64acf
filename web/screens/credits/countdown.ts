import { useEffect, useReducer } from 'react';
import { TIME_BONUS_TICK_MS } from '../../../common/constants';

/** Milliseconds left until `endsAt`, rendered again every tick (one second); null without a deadline. */
export function useMsLeft(endsAt: number | null, tickMs = TIME_BONUS_TICK_MS): number | null {
  const [, tick] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    if (endsAt === null) return;
    const id = window.setInterval(tick, tickMs);
    return () => window.clearInterval(id);
  }, [endsAt, tickMs]);
  // Read at each render, not at each tick: the first render after the deadline arrived is exact too.
  return endsAt === null ? null : Math.max(0, endsAt - Date.now());
}
