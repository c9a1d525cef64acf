import './signup.scss';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Location, Navigate, useNavigate } from 'react-router';
import { useSettings } from '../../api/site';
import { useUser } from '../../api/user';
import { Dialog } from '../../components/Dialog';
import { MEMBER_HOME } from '../../member-home';
import { SignupForm, useMemberAtStart } from './SignupForm';

/**
 * The signup modal over the page the visitor came from. Escape, a click beside it and the
 * close button close it, except while a signup is under way; it closes by itself when the signup
 * is done or the visitor follows the link to log in, because the address then leaves /signup.
 */
export default function SignupModal({ background }: { background: Location }) {
  const { t } = useTranslation();
  const settings = useSettings();
  const navigate = useNavigate();
  const { data: user } = useUser();
  const memberAtStart = useMemberAtStart();
  const [busy, setBusy] = useState(false);
  const onBusyChange = useCallback((b: boolean) => setBusy(b), []);

  const close = () => {
    if (busy) return;
    // Back to the page below: one step back when it was a page of this visit, else replaced.
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) navigate(-1);
    else navigate(`${background.pathname}${background.search}${background.hash}`, { replace: true });
  };

  if (memberAtStart === null) return null;
  if (memberAtStart) return <Navigate to={MEMBER_HOME} replace />;
  return (
    <Dialog
      open={!user}
      title={t('signup.title')}
      className="signup-modal"
      onCancel={close}
      onBackdropClick={close}
      closeLabel={t('signup.close')}
      onClose={close}
    >
      <p className="signup-modal-intro">{t('signup.intro', { site: settings.name })}</p>
      <SignupForm onBusyChange={onBusyChange} />
    </Dialog>
  );
}
