import './OfferAlert.scss';
import { useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/client';
import { useSettings } from '../api/site';
import { useUser } from '../api/user';
import { useRouteHandle } from '../route-handle';
import { PUSH_ALERT, showPushAlert } from '../shell/banner-rules';
import { dismiss, dismissedAt } from '../state/dismissals';
import { subscribePush, usePush } from '../state/push';
import type { PushMoment } from '../state/push-moment';

/**
 * The push alert, shown by the banner slot once a match or a message explains what push is for
 * (`moment`, said first); closing it tells the slot.
 */
export default function PushAlert({ moment, onClose }: { moment?: PushMoment | null; onClose?: () => void }) {
  const { t } = useTranslation();
  const { data: user } = useUser();
  const settings = useSettings();
  const handle = useRouteHandle();
  // The state is read by the member part (components/Realtime.tsx) and shared through state/push.ts.
  const { state } = usePush();
  const [dismissed, setDismissed] = useState(() => dismissedAt(PUSH_ALERT) !== null);
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
    dismiss(PUSH_ALERT);
    setDismissed(true);
    onClose?.();
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
          <p role="status">
            {enabled ? (
              t('pushAlert.enabled')
            ) : (
              <>
                {moment && (
                  <strong>
                    {moment === 'match' ? t('pushAlert.afterMatch') : t('pushAlert.afterMessage')}{' '}
                  </strong>
                )}
                {t('pushAlert.text')}
              </>
            )}
          </p>
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
