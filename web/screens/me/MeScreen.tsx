import './me.scss';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import type { Locale } from '../../../common/constants';
import { LOCALE_NAMES, localesForCountry } from '../../../common/rules/locale';
import { useSettings } from '../../api/site';
import { useUser } from '../../api/user';
import { CreditsOrPremium } from '../../components/CreditsLink';
import { loginPath, useLogout } from '../../state/auth';
import { useChangeLocale } from '../../state/locale';

/** The member's language, changed at once (and saved on the account, so mails follow it). */
function LanguageChoice() {
  const { t, i18n } = useTranslation();
  const settings = useSettings();
  const changeLocale = useChangeLocale();
  const id = useId();
  return (
    <div className="me-row me-language">
      <label htmlFor={id}>{t('me.language')}</label>
      <select
        id={id}
        className="form-select"
        value={i18n.language}
        onChange={(e) => void changeLocale(e.target.value as Locale)}
      >
        {localesForCountry(settings.geoip_selected_country).map((lng) => (
          <option key={lng} value={lng} lang={lng}>
            {LOCALE_NAMES[lng]}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * /me, the phone's "Me" tab: the member's own area in one place, what the desktop's account menu
 * and language menu hold: the profile, the credits or premium, settings, purchases, reports, the
 * language and logging out.
 */
export default function MeScreen() {
  const { t } = useTranslation();
  const { data: user, isPending } = useUser();
  const logout = useLogout();
  if (isPending) return <section className="container me-page" aria-busy="true" />;
  if (!user) return <Navigate to={loginPath('/me')} replace />;
  const photo = user.profile.main_image?.thumb_filename;
  const links = [
    { to: '/profile', label: t('account.myProfile') },
    { to: '/settings', label: t('account.settings') },
    { to: '/transactions', label: t('account.transactions') },
    { to: '/reports', label: t('reports.list.title') },
  ];
  return (
    <section className="container me-page" aria-labelledby="me-title">
      <h1 id="me-title" className="visually-hidden">
        {t('me.title')}
      </h1>
      <div className="me-card">
        <span className="account-avatar me-avatar" aria-hidden="true">
          {photo ? <img src={photo} alt="" width={72} height={72} /> : user.profile.name.slice(0, 1)}
        </span>
        <div className="me-card-text">
          <p className="me-name">
            {user.profile.name}
            {user.profile.age ? `, ${user.profile.age}` : ''}
          </p>
          <Link to="/profile" className="btn btn-sm btn-outline-primary">
            {t('me.editProfile')}
          </Link>
        </div>
        <div className="me-credits">
          <CreditsOrPremium user={user} />
        </div>
      </div>
      <nav aria-labelledby="me-title">
        <ul className="me-list">
          {links.map((l) => (
            <li key={l.to}>
              <Link to={l.to} className="me-row me-link">
                {l.label}
                <span aria-hidden="true" className="me-chevron">
                  ›
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <LanguageChoice />
      <button
        type="button"
        className="btn btn-outline-secondary w-100 me-logout"
        onClick={() => void logout()}
      >
        {t('account.logout')}
      </button>
    </section>
  );
}
