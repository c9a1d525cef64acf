import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { type LoginReason, loginPath } from '../state/auth';
import { Dialog } from './Dialog';

/**
 * The login-required messages: what a visitor is told on tapping something only members
 * may do (chat, photo, gift, like), with the ways in: log in (and come back here) or sign up.
 */
export function LoginRequiredDialog({
  reason,
  onClose,
}: {
  reason: LoginReason | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  return (
    <Dialog
      open={reason !== null}
      title={t('loginRequired.title')}
      onCancel={onClose}
      onBackdropClick={onClose}
      onClose={onClose}
      closeLabel={t('loginRequired.close')}
      className="login-required-dialog"
      footer={
        <>
          <Link to="/signup" className="btn btn-outline-secondary">
            {t('loginRequired.signup')}
          </Link>
          <Link to={loginPath(here, reason ?? undefined)} className="btn btn-primary" data-autofocus>
            {t('loginRequired.login')}
          </Link>
        </>
      }
    >
      {reason && <p className="mb-0">{t(`login.reason.${reason}`)}</p>}
    </Dialog>
  );
}
