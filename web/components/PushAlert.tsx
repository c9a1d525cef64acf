import './OfferAlert.scss';
import { useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/client';
import { useSettings } from '../api/site';
import { useUser } from '../api/user';
import { useRouteHandle } from '../route-handle';
import { dismiss, dismissedAt } from '../state/dismissals';
import { type PushState, subscribePush, usePush } from '../state/push';

const NAME = 'push';

/** Not on signup (and its later steps), notifications, activate-done, directdebit, premium. */
const HIDDEN_ON = new Set([
  'signup',
  'complete-signup',
  'signup-matches',
  'notifications',
  'activate-done',
  'directdebit',
  'premium',
]);

/**
 * The push alert with an enable button, when push is possible, dismissible: a logged-in
 * member whose browser can take pushes and is not subscribed. Refused in the browser (denied): no
 * alert, the browser would not ask again.
 */
export function showPushAlert(p: {
  loggedIn: boolean;
  state: PushState;
  routeName: string;
  dismissed: boolean;
}): boolean {
  return p.loggedIn && p.state === 'not-subscribed' && !p.dismissed && !HIDDEN_ON.has(p.routeName);
}

/** The push alert, loaded lazily by the Default layout for logged-in members. */
export default function PushAlert() {
  const { t } = useTranslation();
  const { data: user } = useUser();
  const settings = useSettings();
  const handle = useRouteHandle();
  // The state is read by the member part (components/Realtime.tsx) and shared through state/push.ts.
  const { state } = usePush();
  const [dismissed, setDismissed] = useState(() => dismissedAt(NAME) !== null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [enabled, setEnabled] = useState(false);
  const closeButton = useRef<HTMLButtonElement>(null);
  // The enable button is gone once push is on: the focus goes to what replaced it, in the same
  // commit (a layout effect), so no moment passes with the focus on a removed button.
  useLayoutEffect(() => {
    if (enabled) closeButton.current?.focus();
  }, [enabled]);

  const close = () => {
    dismiss(NAME);
    setDismissed(true);
  };
  const shown =
    enabled || showPushAlert({ loggedIn: Boolean(user), state, routeName: handle.name, dismissed });
  if (!shown || dismissed) return null;

  const enable = async () => {
    const key = settings.push_public_key;
    if (!key) return;
    setBusy(true);
    setError(null);
    try {
      if ((await subscribePush(key)) === 'subscribed') setEnabled(true);
    } catch (e) {
      // The server's reason in the member's language (an endpoint it does not send to), else ours.
      setError(e instanceof ApiError && e.body?.message ? e.body.message : t('pushAlert.failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="container offer-alert-wrap">
      <div className="offer-alert">
        <span className="offer-alert-icon" aria-hidden="true">
          🔔
        </span>
        <div className="push-alert-body">
          <p role="status">{enabled ? t('pushAlert.enabled') : t('pushAlert.text')}</p>
          {error ? (
            <p className="offer-alert-error text-danger" role="alert">
              {error}
            </p>
          ) : null}
        </div>
        {enabled ? null : (
          <button
            type="button"
            className="btn btn-sm btn-primary"
            disabled={busy}
            aria-busy={busy}
            onClick={() => void enable()}
          >
            {t('pushAlert.enable')}
          </button>
        )}
        <button
          type="button"
          className="btn-close"
          aria-label={t('pushAlert.close')}
          ref={closeButton}
          onClick={close}
        />
      </div>
    </div>
  );
}
