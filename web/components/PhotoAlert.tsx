import './OfferAlert.scss';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useUser } from '../api/user';
import { useRouteHandle } from '../route-handle';
import { PHOTO_ALERT, PHOTO_ALERT_HIDDEN_ON } from '../shell/banner-rules';
import { dismiss, dismissedAt } from '../state/dismissals';

/**
 * The profile-photo alert: a logged-in member without a main image is asked to add one. Closing it
 * tells the banner slot, which shows the next banner on the next screen.
 */
export default function PhotoAlert({ onClose }: { onClose?: () => void }) {
  const { t } = useTranslation();
  const { data: user } = useUser();
  const handle = useRouteHandle();
  const [dismissed, setDismissed] = useState(() => dismissedAt(PHOTO_ALERT) !== null);
  if (!user || user.profile.main_image || dismissed || PHOTO_ALERT_HIDDEN_ON.has(handle.name)) return null;
  return (
    <div className="container offer-alert-wrap">
      <div className="offer-alert">
        <span className="offer-alert-icon" aria-hidden="true">
          📷
        </span>
        <p className="mb-0">{t('photoAlert.text')}</p>
        <Link to="/profile" className="btn btn-sm btn-primary">
          {t('photoAlert.action')}
        </Link>
        <button
          type="button"
          className="btn-close"
          aria-label={t('photoAlert.close')}
          onClick={() => {
            dismiss(PHOTO_ALERT);
            setDismissed(true);
            onClose?.();
          }}
        />
      </div>
    </div>
  );
}
