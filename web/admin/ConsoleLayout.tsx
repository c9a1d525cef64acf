import { Component, type ReactNode, Suspense, useLayoutEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, NavLink, Route, Routes, useLocation } from 'react-router';
import { roleAtLeast } from '../../common/api/admin/staff';
import { ProgressBar } from '../components/ProgressBar';
import { EmptyState } from './components/EmptyState';
import { ErrorAlert } from './components/ErrorAlert';
import { Loading } from './components/Loading';
import { PageHeader } from './components/PageHeader';
import { AdminLanguageMenu } from './LanguageMenu';
import { ADMIN_SECTIONS, type AdminSection } from './sections';
import { useStaff } from './staff-context';

/** What a screen throws (a render error, a query with throwOnError) shows as an alert in place. */
class ScreenErrorBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  override state: { error: unknown } = { error: null };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  override render() {
    if (!this.state.error) return this.props.children;
    return <ErrorAlert error={this.state.error} onRetry={() => this.setState({ error: null })} />;
  }
}

/** A section's screen: its tab title (a screen's PageHeader may name a sub-page more precisely). */
function SectionScreen({ section }: { section: AdminSection }) {
  const { t } = useTranslation('admin');
  const location = useLocation();
  const title = `${t(section.titleKey)} – ${t('shell.title')}`;
  // A layout effect runs before the screen's own effects, so a PageHeader's title wins.
  useLayoutEffect(() => {
    document.title = title;
  }, [title]);
  return (
    <ScreenErrorBoundary key={location.pathname}>
      <Suspense fallback={<Loading />}>
        <section.Screen />
      </Suspense>
    </ScreenErrorBoundary>
  );
}

function Forbidden({ section }: { section: AdminSection }) {
  const { t } = useTranslation('admin');
  return (
    <>
      <PageHeader title={t('shell.forbidden.title')} />
      <EmptyState title={t('shell.forbidden.text', { role: t(`shell.roles.${section.role}`) })}>
        {t('shell.forbidden.hint')}
      </EmptyState>
    </>
  );
}

function NotFound() {
  const { t } = useTranslation('admin');
  return (
    <>
      <PageHeader title={t('shell.notFound.title')} />
      <EmptyState
        title={t('shell.notFound.text')}
        action={
          <Link className="btn btn-outline-primary btn-sm" to="/admin">
            {t('shell.notFound.back')}
          </Link>
        }
      />
    </>
  );
}

function NoSections() {
  const { t } = useTranslation('admin');
  return (
    <>
      <PageHeader title={t('shell.title')} />
      <EmptyState title={t('shell.noSections.title')}>{t('shell.noSections.text')}</EmptyState>
    </>
  );
}

/**
 * The console around every screen: the left navigation of the sections the staff member's role
 * allows, a header with their name, role, language and logout, and the section's screen. Below
 * 992 px the navigation folds behind a menu button.
 */
export function ConsoleLayout(props: { onLogout: () => void; loggingOut: boolean }) {
  const { t } = useTranslation('admin');
  const staff = useStaff();
  const location = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const [navFor, setNavFor] = useState(location.pathname);
  // A chosen section closes the folded menu.
  if (navFor !== location.pathname) {
    setNavFor(location.pathname);
    setMenuOpen(false);
  }
  const allowed = ADMIN_SECTIONS.filter((s) => roleAtLeast(staff.role, s.role));
  const first = allowed[0];
  return (
    <div className="admin-shell">
      <ProgressBar />
      <a className="skip-link" href="#admin-main">
        {t('shell.skipToContent')}
      </a>
      <header className="admin-header">
        <button
          type="button"
          className="btn btn-sm btn-outline-secondary admin-menu-toggle"
          aria-expanded={menuOpen}
          aria-controls="admin-nav"
          onClick={() => setMenuOpen((o) => !o)}
        >
          <span aria-hidden="true">☰ </span>
          {t('shell.menu')}
        </button>
        <Link to="/admin" className="admin-brand">
          {t('shell.title')}
        </Link>
        <div className="admin-header__end">
          <AdminLanguageMenu />
          <p className="admin-staff">
            <span className="admin-staff__name">{staff.name}</span>
            <span className={`admin-role admin-role--${staff.role}`}>{t(`shell.roles.${staff.role}`)}</span>
          </p>
          <button
            type="button"
            className="btn btn-sm btn-outline-secondary"
            onClick={props.onLogout}
            disabled={props.loggingOut}
          >
            {props.loggingOut ? t('shell.loggingOut') : t('shell.logout')}
          </button>
        </div>
      </header>
      <div className="admin-body">
        <nav
          id="admin-nav"
          className={`admin-nav ${menuOpen ? 'admin-nav--open' : ''}`}
          aria-label={t('shell.navLabel')}
          onKeyDown={(e) => {
            // The folded menu closes with Escape, back to its button.
            if (e.key === 'Escape' && menuOpen) {
              setMenuOpen(false);
              document.querySelector<HTMLElement>('.admin-menu-toggle')?.focus();
            }
          }}
        >
          <ul>
            {allowed.map((s) => (
              <li key={s.path}>
                <NavLink to={`/admin/${s.path}`} className="admin-nav__link">
                  {t(s.titleKey)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <main id="admin-main" className="admin-main" tabIndex={-1}>
          <Routes>
            <Route
              index
              element={first ? <Navigate to={`/admin/${first.path}`} replace /> : <NoSections />}
            />
            {ADMIN_SECTIONS.map((s) => (
              <Route
                key={s.path}
                path={`${s.path}/*`}
                element={
                  roleAtLeast(staff.role, s.role) ? <SectionScreen section={s} /> : <Forbidden section={s} />
                }
              />
            ))}
            <Route path="*" element={<NotFound />} />
          </Routes>
        </main>
      </div>
    </div>
  );
}
