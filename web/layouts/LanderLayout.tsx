import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useSearchParams } from 'react-router';
import { useSettings } from '../api/site';
import { useUser } from '../api/user';
import { Disclaimer } from '../components/Disclaimer';
import { EntryWarning } from '../components/EntryWarning';
import { Footer } from '../components/Footer';
import { SkipLink } from '../components/SkipLink';
import { lazyImport } from '../state/chunk-reload';

const PageBounce = lazy(lazyImport(() => import('../components/PageBounce')));

/**
 * The Lander layout: simple brand bar, content, footer, disclaimer, entry warning for NL and DE, and
 * the page-bounce log (the `lb` query) that paid traffic's networks use. A lazy chunk of its own:
 * only landers and member landings use it.
 */
export default function LanderLayout() {
  const { t } = useTranslation();
  const settings = useSettings();
  const { data: user } = useUser();
  const [params] = useSearchParams();
  return (
    <div
      className={`layout layout-lander ${user ? 'logged-in' : 'logged-out'}`}
      data-logged-in={Boolean(user)}
    >
      <SkipLink />
      <header className="brand-bar">
        <div className="container brand-bar-inner">
          <Link to="/" className="brand">
            {settings.name}
          </Link>
          {!user && (
            <Link to="/login" className="btn btn-sm btn-outline-primary">
              {t('shell.login')}
            </Link>
          )}
        </div>
      </header>
      <main id="main" tabIndex={-1} className="layout-main">
        <Outlet />
      </main>
      <Footer />
      <Disclaimer />
      <EntryWarning onlyNlDe />
      {params.has('lb') && (
        <Suspense fallback={null}>
          <PageBounce />
        </Suspense>
      )}
    </div>
  );
}
