import { type ReactNode, useEffect, useRef } from 'react';

/**
 * A result page's heading, focused when it appears: the page changes by itself (pending becomes
 * paid), and focus on the new heading is how a screen reader hears it.
 */
export function ResultHeading({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return (
    <h1 ref={ref} tabIndex={-1} id="credits-result-title">
      {children}
    </h1>
  );
}
