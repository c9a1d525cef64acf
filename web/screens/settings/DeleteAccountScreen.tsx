import './settings.scss';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useUser } from '../../api/user';
import { DeletionAlternatives } from './DeletionAlternatives';
import { DeletionForm } from './DeletionForm';
import { LoginRequired } from './SettingsScreen';

/** The account deletion flow with alternatives and reasons: the alternatives first, then the form. */
export default function Screen() {
  const { t } = useTranslation();
  const { data: user, isPending } = useUser();
  const [confirming, setConfirming] = useState(false);
  const formHeading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (confirming) formHeading.current?.focus();
  }, [confirming]);
  if (isPending) return <section className="container settings-page" aria-busy="true" />;
  if (!user) return <LoginRequired />;
  return (
    <section className="container settings-page delete-account">
      <h1>{t('deleteAccount.title')}</h1>
      <div className="settings-card">
        <DeletionAlternatives />
        {!confirming && (
          <div className="deletion-actions">
            <Link to="/notifications" className="btn btn-primary">
              {t('deleteAccount.alternatives.keep')}
            </Link>
            <button type="button" className="btn btn-outline-danger" onClick={() => setConfirming(true)}>
              {t('deleteAccount.alternatives.continue')}
            </button>
          </div>
        )}
      </div>
      {confirming && (
        <div className="settings-card">
          <DeletionForm credits={user.credits} headingRef={formHeading} />
        </div>
      )}
    </section>
  );
}
