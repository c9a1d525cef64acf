import { Outlet } from 'react-router';
import { useUser } from '../api/user';
import { EntryWarning } from '../components/EntryWarning';
import { SkipLink } from '../components/SkipLink';

/** The Chat layout: content only, plus the entry warning for NL and DE. */
export function ChatLayout() {
  const { data: user } = useUser();
  return (
    <div className={`layout layout-chat ${user ? 'logged-in' : 'logged-out'}`} data-logged-in={Boolean(user)}>
      <SkipLink />
      <main id="main" tabIndex={-1} className="layout-main">
        <Outlet />
      </main>
      <EntryWarning onlyNlDe />
    </div>
  );
}
