import './ConnectionStatus.scss';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { createRoot } from 'react-dom/client';
import { useTranslation } from 'react-i18next';
import { useUser } from '../api/user';

function subscribeOnline(listener: () => void) {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

/**
 * "You are offline" for whoever the member's live part (components/Realtime.tsx, whose connection
 * status says it for a logged-in member) does not speak to: a visitor, and a member whose page
 * started without a network, so that the session is not known yet (the offline shell of web/sw/).
 */
export function OfflineNotice() {
  const { t } = useTranslation();
  const offline = useSyncExternalStore(
    subscribeOnline,
    () => !navigator.onLine,
    () => false,
  );
  const { data: user } = useUser();
  // The live region is there, empty, before its text: a screen reader announces a change, not a start.
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  const text = ready && offline && !user ? t('offlineNotice.text') : null;
  return (
    <div className="connection-status-region" role="status" aria-live="polite">
      {text ? (
        <p className="connection-status connection-status-offline">
          <span className="connection-status-dot" aria-hidden="true" />
          {text}
        </p>
      ) : null}
    </div>
  );
}

/**
 * Mounted beside the app (web/main.tsx) the first time the network is missing, and kept: loaded
 * only then, from the worker's offline shell, so the first route carries none of it.
 */
export function showOfflineNotice(client: QueryClient) {
  const host = document.createElement('div');
  document.body.append(host);
  createRoot(host).render(
    <QueryClientProvider client={client}>
      <OfflineNotice />
    </QueryClientProvider>,
  );
}
