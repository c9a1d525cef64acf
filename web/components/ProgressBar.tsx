import { useIsFetching } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { PROGRESS_DURATION_MS, PROGRESS_THROTTLE_MS } from '../../common/constants';
import { usePendingCount } from '../state/pending';

type Phase = 'idle' | 'running' | 'done';

/**
 * The top progress bar: appears only when loading lasts longer than 200 ms, creeps
 * towards the end over 5 s, and completes when loading ends.
 */
export function ProgressBar() {
  const loadingScreens = usePendingCount();
  // First loads only: background refetches of data already shown do not flash the bar.
  const fetching = useIsFetching({ predicate: (q) => q.state.data === undefined });
  const busy = loadingScreens > 0 || fetching > 0;
  const [phase, setPhase] = useState<Phase>('idle');
  const shown = useRef(false);

  useEffect(() => {
    if (busy) {
      const timer = window.setTimeout(() => {
        shown.current = true;
        setPhase('running');
      }, PROGRESS_THROTTLE_MS);
      return () => window.clearTimeout(timer);
    }
    if (!shown.current) return;
    shown.current = false;
    setPhase('done');
    const timer = window.setTimeout(() => setPhase('idle'), 400);
    return () => window.clearTimeout(timer);
  }, [busy]);

  if (phase === 'idle') return null;
  return (
    <div
      className={`top-progress top-progress--${phase}`}
      style={{ '--progress-duration': `${PROGRESS_DURATION_MS}ms` } as React.CSSProperties}
      aria-hidden="true"
    />
  );
}
