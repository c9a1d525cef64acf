import './settings.scss';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { REACTIVATION_DAYS } from '../../../common/constants';
import { useUser } from '../../api/user';
import { EmailOffNotice } from '../../components/DisabledNotificationsAlert';
import AccountAccess from '../account-mail/AccountAccess';
import { BlockedMembers } from './BlockedMembers';
import { InvisibleSetting } from './InvisibleSetting';
import { LogoutEverywhere } from './LogoutEverywhere';
import { NotificationSettings } from './NotificationSettings';

/** /notifications, also called settings: e-mail notifications, invisible mode, blocked members, deletion. */
export default function Screen() {
  const { t } = useTranslation();
  const { data: user, isPending } = useUser();
  if (isPending) return <section className="container settings-page" aria-busy="true" />;
  if (!user) return <LoginRequired />;
  const emailOff = user.notifications_disabled;
  return (
    <section className="container settings-page">
      <h1>{t('settings.title')}</h1>
      <p className="lead settings-lead">{t('settings.intro')}</p>
      {emailOff.length > 0 && <EmailOffNotice reasons={emailOff} />}
      <NotificationSettings emailOff={emailOff.length > 0} />
      <InvisibleSetting />
      <BlockedMembers />
      <AccountAccess />
      <LogoutEverywhere />
      <section className="settings-card settings-danger" aria-labelledby="settings-delete">
        <h2 id="settings-delete">{t('settings.delete.title')}</h2>
        <p className="settings-intro">{t('settings.delete.intro', { days: REACTIVATION_DAYS })}</p>
        <Link to="/settings/delete-account" className="btn btn-outline-danger">
          {t('settings.delete.action')}
        </Link>
      </section>
    </section>
  );
}

export function LoginRequired() {
  const { t } = useTranslation();
  return (
    <section className="container settings-page">
      <h1>{t('settings.title')}</h1>
      <p>{t('settings.loginRequired')}</p>
      <Link to="/login" className="btn btn-primary">
        {t('shell.login')}
      </Link>
    </section>
  );
}
