import { Outlet } from 'react-router';
import { useUser } from '../api/user';
import { EntryWarning } from '../components/EntryWarning';
import { SkipLink } from '../components/SkipLink';

/** SPEC §2 "Empty": content and the entry warning for NL and DE (the signup issue adds its modal). */
export function EmptyLayout() {
  const { data: user } = useUser();
  return (
    <div
      className={`layout layout-empty ${user ? 'logged-in' : 'logged-out'}`}
      data-logged-in={Boolean(user)}
    >
      <SkipLink />
      <main id="main" tabIndex={-1} className="layout-main">
        <Outlet />
      </main>
      <EntryWarning onlyNlDe />
    </div>
  );
}
