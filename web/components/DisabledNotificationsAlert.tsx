import './DisabledNotificationsAlert.scss';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EMAIL_OFF_REASONS } from '../../common/api/settings-account';
import { useEnableEmail, useForgetEmailOff } from '../api/settings-account';
import { useUser } from '../api/user';
import { useRouteHandle } from '../route-handle';
import { SETTINGS_ROUTES } from '../shell/banner-rules';
import { Dialog } from './Dialog';

const known = (r: string): r is (typeof EMAIL_OFF_REASONS)[number] =>
  (EMAIL_OFF_REASONS as readonly string[]).includes(r);

/**
 * E-mail notifications disabled because of a spam flag, a bounce or an unsubscribe via the
 * mail program: why e-mail is off, and a button that turns it back on after a confirmation. Once
 * on, it says so in place (and keeps the focus there) until the member closes it.
 */
export function EmailOffNotice({ reasons, extra }: { reasons: string[]; extra?: ReactNode }) {
  const { t } = useTranslation();
  const enable = useEnableEmail();
  const forget = useForgetEmailOff();
  const [confirming, setConfirming] = useState(false);
  const titleId = useId();
  const done = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (enable.isSuccess) done.current?.focus();
  }, [enable.isSuccess]);

  if (enable.isSuccess)
    return (
      <div className="email-off alert alert-success" role="status" tabIndex={-1} ref={done}>
        <span>{t('emailOff.enabled')}</span>
        <button type="button" className="btn-close" aria-label={t('emailOff.close')} onClick={forget} />
      </div>
    );

  const texts = [
    ...new Set(reasons.map((r) => (known(r) ? t(`emailOff.reason.${r}`) : t('emailOff.unknownReason')))),
  ];
  const close = () => {
    setConfirming(false);
    enable.reset();
  };
  return (
    <section className="email-off alert alert-warning" aria-labelledby={titleId}>
      <span className="email-off-icon" aria-hidden="true">
        ✉
      </span>
      <div className="email-off-body">
        <h2 className="alert-heading h6" id={titleId}>
          {t('emailOff.title')}
        </h2>
        <p>
          {texts.join(' ')} {t('emailOff.consequence')}
        </p>
        <div className="email-off-actions">
          <button type="button" className="btn btn-sm btn-dark" onClick={() => setConfirming(true)}>
            {t('emailOff.enable')}
          </button>
          {extra}
        </div>
      </div>
      <Dialog
        open={confirming}
        title={t('emailOff.confirmTitle')}
        onCancel={close}
        footer={
          <>
            <button type="button" className="btn btn-outline-secondary" onClick={close}>
              {t('emailOff.cancel')}
            </button>
            <button
              type="button"
              className="btn btn-primary"
              data-autofocus
              disabled={enable.isPending}
              onClick={() => enable.mutate(undefined, { onSuccess: () => setConfirming(false) })}
            >
              {t('emailOff.enable')}
            </button>
          </>
        }
      >
        <p>{t('emailOff.confirmText')}</p>
        {reasons.includes('bounce') && <p>{t('emailOff.confirmBounce')}</p>}
        {reasons.includes('spam') && <p>{t('emailOff.confirmSpam')}</p>}
        {enable.isError && (
          <p className="is-error mb-0" role="alert">
            {enable.error.message}
          </p>
        )}
      </Dialog>
    </section>
  );
}

/** The disabled-notifications alert: when the member's e-mail is off, on every other screen. */
export default function DisabledNotificationsAlert() {
  const { t } = useTranslation();
  const { data: user } = useUser();
  const handle = useRouteHandle();
  const reasons = user?.notifications_disabled ?? [];
  if (reasons.length === 0 || SETTINGS_ROUTES.has(handle.name)) return null;
  return (
    <div className="container disabled-notifications-alert">
      <EmailOffNotice
        reasons={reasons}
        extra={
          <Link to="/notifications" className="btn btn-sm btn-link">
            {t('emailOff.settingsLink')}
          </Link>
        }
      />
    </div>
  );
}
