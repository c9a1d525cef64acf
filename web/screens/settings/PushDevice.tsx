import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { useSettings } from '../../api/site';
import { subscribePush, unsubscribePush, usePush } from '../../state/push';

/**
 * Push on this device, where the push switches are: the push alert stays away from /notifications,
 * so the member turns push on (or off) here. The state is the browser's (state/push.ts).
 */
export function PushDevice() {
  const { t } = useTranslation();
  const { push_public_key: key } = useSettings();
  const { state } = usePush();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const run = async (action: () => Promise<unknown>) => {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (e) {
      setError(e instanceof ApiError && e.body?.message ? e.body.message : t('pushAlert.failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="push-device">
      <p className="push-device-text" aria-live="polite">
        {t(`settings.pushDevice.${state}`)}
      </p>
      {state === 'not-subscribed' && key ? (
        <button
          type="button"
          className="btn btn-sm btn-primary"
          disabled={busy}
          onClick={() => run(() => subscribePush(key))}
        >
          {t('pushAlert.enable')}
        </button>
      ) : null}
      {state === 'subscribed' ? (
        <button
          type="button"
          className="btn btn-sm btn-outline-secondary"
          disabled={busy}
          onClick={() => run(unsubscribePush)}
        >
          {t('settings.pushDevice.turnOff')}
        </button>
      ) : null}
      {error ? (
        <p className="is-error push-device-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
