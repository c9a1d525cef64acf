import { Outlet } from 'react-router';
import { useUser } from '../api/user';
import { Disclaimer } from '../components/Disclaimer';
import { EntryWarning } from '../components/EntryWarning';
import { Footer } from '../components/Footer';
import { SkipLink } from '../components/SkipLink';
import { TopBar } from '../components/TopBar';
import { UsFooter } from '../components/UsFooter';

/** SPEC §2 "Default": top navigation, content, footer, disclaimer, US footer, entry warning. */
export function DefaultLayout() {
  const { data: user } = useUser();
  const loggedIn = Boolean(user);
  return (
    <div
      className={`layout layout-default ${loggedIn ? 'logged-in' : 'logged-out'}`}
      data-logged-in={loggedIn}
    >
      <SkipLink />
      <TopBar />
      <main id="main" tabIndex={-1} className="layout-main">
        <Outlet />
      </main>
      <Footer />
      <Disclaimer />
      <UsFooter />
      <EntryWarning />
    </div>
  );
}
