import { useTranslation } from 'react-i18next';
import { useLogout } from '../../state/auth';

/** Ends every session of the member, on every device (a lost phone, a shared computer). */
export function LogoutEverywhere() {
  const { t } = useTranslation();
  const logout = useLogout();
  return (
    <section className="settings-card" aria-labelledby="settings-sessions">
      <h2 id="settings-sessions">{t('settings.sessions.title')}</h2>
      <p className="settings-intro">{t('settings.sessions.intro')}</p>
      <button type="button" className="btn btn-outline-secondary" onClick={() => void logout(true)}>
        {t('settings.sessions.action')}
      </button>
    </section>
  );
}
