import './ConnectionStatus.scss';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConnectionState } from '../api/realtime';

/** A first connection or a quick reconnect is not news: "reconnecting" shows only after this long. */
const RECONNECTING_AFTER_MS = 3_000;

/**
 * The member's own connection, when it is not live: offline (no network) at once, reconnecting
 * when the socket has been away a few seconds. Messages sent meanwhile go over HTTP.
 */
export function ConnectionStatus() {
  const { t } = useTranslation();
  const state = useConnectionState();
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    setSlow(false);
    if (state !== 'connecting') return;
    const timer = setTimeout(() => setSlow(true), RECONNECTING_AFTER_MS);
    return () => clearTimeout(timer);
  }, [state]);
  const text =
    state === 'offline'
      ? t('realtime.offline')
      : state === 'connecting' && slow
        ? t('realtime.reconnecting')
        : null;
  return (
    <div className="connection-status-region" role="status" aria-live="polite">
      {text ? (
        <p className={`connection-status connection-status-${state}`}>
          <span className="connection-status-dot" aria-hidden="true" />
          {text}
        </p>
      ) : null}
    </div>
  );
}
