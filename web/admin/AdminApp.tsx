import './admin.scss';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StaffResponse } from '../../common/api/admin/staff';
import { adminSessionEndpoints } from '../../common/api/endpoints/admin/session';
import { STAFF_SESSION_IDLE_MINUTES } from '../../common/constants';
import { adminCall, adminKey, lastStaffAnswerAt, onStaffSessionEnded } from './api';
import { ConsoleLayout } from './ConsoleLayout';
import { ErrorAlert } from './components/ErrorAlert';
import { Loading } from './components/Loading';
import { type LoginNotice, LoginScreen } from './LoginScreen';
import { StaffContext } from './staff-context';

const meKey = adminKey('me');
const IDLE_MS = STAFF_SESSION_IDLE_MINUTES * 60_000;
/** How often the console checks whether it has sat idle past the session's end. */
const IDLE_CHECK_MS = 30_000;

/**
 * /admin/*: the operator console, a lazy chunk family of its own. Who is logged in comes
 * from /api/admin/me.php; without a staff session the login shows at the address asked for. When
 * a console call answers 403 authentication_required (30 min idle, 8 h at most) or the console has
 * sat idle that long, its data is dropped and the login shows again, saying why.
 */
export default function AdminApp() {
  const { t } = useTranslation('admin');
  const client = useQueryClient();
  const [notice, setNotice] = useState<LoginNotice>(null);
  const [loggingOut, setLoggingOut] = useState(false);
  const me = useQuery({
    queryKey: meKey,
    queryFn: () => adminCall(adminSessionEndpoints.me),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const staff = me.data?.staff ?? null;

  const endSession = useCallback(
    (why: LoginNotice) => {
      client.removeQueries({ queryKey: ['admin'], predicate: (q) => q.queryKey[1] !== 'me' });
      client.setQueryData<StaffResponse>(meKey, { staff: null });
      setNotice(why);
    },
    [client],
  );

  useEffect(() => onStaffSessionEnded(() => endSession('sessionEnded')), [endSession]);

  useEffect(() => {
    if (!staff) return;
    const timer = setInterval(() => {
      if (Date.now() - lastStaffAnswerAt() > IDLE_MS) endSession('sessionEnded');
    }, IDLE_CHECK_MS);
    return () => clearInterval(timer);
  }, [staff, endSession]);

  const logout = async () => {
    setLoggingOut(true);
    try {
      await adminCall(adminSessionEndpoints.logout);
    } catch {
      // The session is dropped here in any case; the server's ends by itself.
    }
    setLoggingOut(false);
    endSession('loggedOut');
  };

  if (me.isPending)
    return (
      <div className="admin-login">
        <Loading />
      </div>
    );
  if (me.isError)
    return (
      <div className="admin-login">
        <main className="admin-login__card" id="admin-main">
          <h1>{t('shell.title')}</h1>
          <ErrorAlert error={me.error} onRetry={() => void me.refetch()} />
        </main>
      </div>
    );
  if (!staff)
    return (
      <LoginScreen
        notice={notice}
        onLoggedIn={(who) => {
          client.setQueryData<StaffResponse>(meKey, { staff: who });
          setNotice(null);
        }}
      />
    );
  return (
    <StaffContext.Provider value={staff}>
      <ConsoleLayout onLogout={() => void logout()} loggingOut={loggingOut} />
    </StaffContext.Provider>
  );
}
