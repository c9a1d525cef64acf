import { Link, Outlet } from 'react-router';
import { useSettings } from '../api/site';
import { useUser } from '../api/user';
import { Disclaimer } from '../components/Disclaimer';
import { EntryWarning } from '../components/EntryWarning';
import { Footer } from '../components/Footer';
import { SkipLink } from '../components/SkipLink';

/** SPEC §2 "Lander": simple brand bar, content, footer, disclaimer, entry warning for NL and DE. */
export function LanderLayout() {
  const settings = useSettings();
  const { data: user } = useUser();
  return (
    <div
      className={`layout layout-lander ${user ? 'logged-in' : 'logged-out'}`}
      data-logged-in={Boolean(user)}
    >
      <SkipLink />
      <header className="brand-bar">
        <div className="container">
          <Link to="/" className="brand">
            {settings.name}
          </Link>
        </div>
      </header>
      <main id="main" tabIndex={-1} className="layout-main">
        <Outlet />
      </main>
      <Footer />
      <Disclaimer />
      <EntryWarning onlyNlDe />
    </div>
  );
}
