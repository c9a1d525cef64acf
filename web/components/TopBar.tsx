import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSettings } from '../api/site';
import { useUser } from '../api/user';
import { useRouteHandle } from '../route-handle';
import { LanguageMenu } from './LanguageMenu';

/** SPEC §2 "Top bar". Logged out: login and the language dropdown. The member items come with their screens. */
export function TopBar() {
  const { t } = useTranslation();
  const settings = useSettings();
  const { data: user } = useUser();
  const handle = useRouteHandle();
  return (
    <header className="top-bar">
      <nav className="container d-flex align-items-center gap-2" aria-label={t('shell.mainNavigation')}>
        <Link to={user ? '/members' : '/'} className="brand me-auto">
          <span className="brand-mark" aria-hidden="true">
            ♥
          </span>
          {settings.name}
        </Link>
        {handle.languageMenu !== false && <LanguageMenu />}
        {!user && (
          <Link to="/login" className="btn btn-primary btn-sm px-3">
            {t('shell.login')}
          </Link>
        )}
      </nav>
    </header>
  );
}
