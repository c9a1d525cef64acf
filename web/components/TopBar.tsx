import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSettings } from '../api/site';
import { useUser } from '../api/user';
import { MEMBER_HOME } from '../member-home';
import { useRouteHandle } from '../route-handle';
import { lazyImport } from '../state/chunk-reload';
import { useInstalledApp } from '../state/display-mode';
import { LanguageMenu } from './LanguageMenu';

// Logged-in parts load on demand: a visitor's first page does not carry them.
const AccountMenu = lazy(lazyImport(() => import('./AccountMenu')));
const MemberNav = lazy(lazyImport(() => import('./MemberNav')));
// Only an installed app (no browser back button) needs it: a browser tab never loads it.
const BackButton = lazy(lazyImport(() => import('./BackButton')));

/**
 * The top bar. Logged out: login and the language dropdown; logged in: search members, likes
 * with the new-likes badge, the language and the account dropdown. In installed-app mode, a back
 * button on the screens that need one.
 */
export function TopBar() {
  const { t } = useTranslation();
  const settings = useSettings();
  const { data: user } = useUser();
  const handle = useRouteHandle();
  const installedApp = useInstalledApp();
  return (
    <header className={`top-bar${user ? ' is-member' : ''}`}>
      <nav className="container d-flex align-items-center gap-2" aria-label={t('shell.mainNavigation')}>
        {installedApp && (
          <Suspense fallback={null}>
            <BackButton />
          </Suspense>
        )}
        <Link to={user ? MEMBER_HOME : '/'} className="brand me-auto">
          <span className="brand-mark" aria-hidden="true">
            ♥
          </span>
          <span className="brand-name">{settings.name}</span>
        </Link>
        {user && (
          <Suspense fallback={null}>
            <MemberNav />
          </Suspense>
        )}
        {handle.languageMenu !== false && <LanguageMenu />}
        {user ? (
          <Suspense
            fallback={
              // The dropdown's own box, empty, so nothing moves when the menu arrives.
              <span className="dropdown account-menu" aria-hidden="true">
                <span className="btn nav-link dropdown-toggle">
                  <span className="account-avatar" />
                </span>
              </span>
            }
          >
            <AccountMenu />
          </Suspense>
        ) : (
          <Link to="/login" className="btn btn-primary btn-sm px-3">
            {t('shell.login')}
          </Link>
        )}
      </nav>
    </header>
  );
}
