import './ConnectionStatus.scss';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { createRoot } from 'react-dom/client';
import { useTranslation } from 'react-i18next';

let unavailable = false;
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/**
 * "The site is briefly unavailable" while the server answers 503 `unavailable` (its database is out
 * of reach), in the pill of the connection status: over the content, so nothing moves when it comes
 * or goes. The queries keep retrying meanwhile; the first call that succeeds takes it away.
 */
export function UnavailableNotice() {
  const { t } = useTranslation();
  const down = useSyncExternalStore(
    subscribe,
    () => unavailable,
    () => false,
  );
  // The live region is there, empty, before its text: a screen reader announces a change, not a start.
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  const text = ready && down ? t('unavailableNotice.text') : null;
  return (
    <div className="connection-status-region" role="status" aria-live="polite">
      {text ? (
        <p className="connection-status connection-status-unavailable">
          <span className="connection-status-dot" aria-hidden="true" />
          {text}
        </p>
      ) : null}
    </div>
  );
}

let mounted = false;

/**
 * Called by the API client (web/api/client.ts) when calls start and stop answering 503 `unavailable`.
 * Mounted beside the app the first time, and kept: loaded only then, so the first route carries none
 * of it.
 */
export function showUnavailable(down: boolean) {
  unavailable = down;
  for (const listener of listeners) listener();
  if (mounted || !down) return;
  mounted = true;
  const host = document.createElement('div');
  document.body.append(host);
  createRoot(host).render(<UnavailableNotice />);
}
