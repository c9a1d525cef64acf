import './ActivationReminder.scss';
import { useId, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { BREAKPOINTS } from '../../common/constants';
import {
  activationReminderAsModal,
  SIGNUP_COMPLETE_QUERY,
  shouldShowActivationReminder,
} from '../../common/rules/activation-reminder';
import { useResendActivation } from '../api/account-mail';
import { useUser } from '../api/user';
import { useRouteHandle } from '../route-handle';
import { Dialog } from './Dialog';

const PHONE = `(max-width: ${BREAKPOINTS.sm - 0.02}px)`;
const subscribePhone = (onChange: () => void) => {
  const query = window.matchMedia(PHONE);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
};
const isPhone = () => window.matchMedia(PHONE).matches;

/** "Send it again", with what came of it read out. */
function ResendButton({ className }: { className: string }) {
  const { t } = useTranslation();
  const resend = useResendActivation();
  return (
    <>
      <button
        type="button"
        className={className}
        disabled={resend.isPending || resend.isSuccess}
        onClick={() => resend.mutate()}
      >
        {t('accountMail.resend')}
      </button>
      <p className={`activation-status ${resend.isError ? 'text-danger' : ''}`} role="status">
        {resend.isError ? resend.error.message : resend.isSuccess ? t('accountMail.resent') : ''}
      </p>
    </>
  );
}

/**
 * The activation reminder: the first banner of the banner slot, or, right after signup on a phone
 * (`?api_signup_complete`), a modal. It offers the mail again and a way to fix a mistyped address.
 */
export default function ActivationReminder() {
  const { t } = useTranslation();
  const { data: user } = useUser();
  const handle = useRouteHandle();
  const location = useLocation();
  const navigate = useNavigate();
  const phone = useSyncExternalStore(subscribePhone, isPhone, () => false);
  const [modalClosed, setModalClosed] = useState(false);
  const titleId = useId();
  if (!shouldShowActivationReminder(user, handle.name)) return null;

  if (!modalClosed && activationReminderAsModal(location.search, phone)) {
    const close = () => {
      setModalClosed(true);
      // A reload should not bring the modal back: the alert takes over.
      const params = new URLSearchParams(location.search);
      params.delete(SIGNUP_COMPLETE_QUERY);
      const search = params.toString();
      void navigate({ pathname: location.pathname, search: search ? `?${search}` : '' }, { replace: true });
    };
    return (
      <Dialog
        open
        title={t('accountMail.reminder.modalTitle')}
        onCancel={close}
        className="activation-modal"
        footer={
          <button type="button" className="btn btn-outline-secondary" onClick={close} data-autofocus>
            {t('accountMail.reminder.later')}
          </button>
        }
      >
        <p className="activation-mark" aria-hidden="true">
          ✉
        </p>
        <p>{t('accountMail.reminder.modalText')}</p>
        <ResendButton className="btn btn-primary w-100" />
      </Dialog>
    );
  }

  return (
    <div className="container activation-reminder">
      <section className="activation-alert" aria-labelledby={titleId}>
        <span className="activation-icon" aria-hidden="true">
          ✉
        </span>
        <div className="activation-body">
          <h2 className="h6" id={titleId}>
            {t('accountMail.reminder.title')}
          </h2>
          <p>{t('accountMail.reminder.text')}</p>
          <div className="activation-actions">
            <ResendButton className="btn btn-sm btn-primary" />
            <Link to="/settings#email" className="btn btn-sm btn-link">
              {t('accountMail.reminder.wrongAddress')}
            </Link>
          </div>
        </div>
      </section>
    </div>
  );
}
