import './OfferAlert.scss';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useUser } from '../api/user';
import { useRouteHandle } from '../route-handle';
import { dismiss, dismissedAt } from '../state/dismissals';

const NAME = 'profile-photo';

/** Not on the profile itself, the signup steps, activate-done, premium, settings, directdebit. */
const HIDDEN_ON = new Set([
  'profile',
  'signup',
  'complete-signup',
  'signup-matches',
  'activate-done',
  'premium',
  'notifications',
  'settings',
  'settings-delete-account',
  'directdebit',
]);

/** The profile-photo alert: a logged-in member without a main image is asked to add one. */
export default function PhotoAlert() {
  const { t } = useTranslation();
  const { data: user } = useUser();
  const handle = useRouteHandle();
  const [dismissed, setDismissed] = useState(() => dismissedAt(NAME) !== null);
  if (!user || user.profile.main_image || dismissed || HIDDEN_ON.has(handle.name)) return null;
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
            dismiss(NAME);
            setDismissed(true);
          }}
        />
      </div>
    </div>
  );
}
