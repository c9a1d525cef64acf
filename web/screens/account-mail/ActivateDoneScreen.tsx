import './account-mail.scss';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { userKey, useUser } from '../../api/user';
import { MEMBER_HOME } from '../../member-home';

/**
 * /activate/done: where the activation link lands when it worked (the link logged the member in),
 * and, with `already`, when it was followed before: the account is fine, so no red failure.
 */
export default function Screen() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const { data: user, isPending } = useUser();
  const already = useSearchParams()[0].has('already');
  // The cached user still says not_confirmed: ask again, so the reminder goes away.
  useEffect(() => {
    void client.invalidateQueries({ queryKey: userKey });
  }, [client]);
  return (
    <section className="container account-page" aria-busy={isPending}>
      <div className="account-mark" aria-hidden="true">
        ✓
      </div>
      <h1>{t('accountMail.activateDone.title')}</h1>
      <p className="lead">
        {t(already ? 'accountMail.activateDone.already' : 'accountMail.activateDone.text')}
      </p>
      {already && !user && !isPending && <p>{t('accountMail.activateDone.alreadyLogin')}</p>}
      <div className="account-actions">
        {user ? (
          <>
            <Link to={MEMBER_HOME} className="btn btn-primary btn-lg">
              {t('accountMail.activateDone.toMembers')}
            </Link>
            <Link to="/profile" className="btn btn-outline-secondary btn-lg">
              {t('accountMail.activateDone.toProfile')}
            </Link>
          </>
        ) : (
          !isPending && (
            <Link to="/login" className="btn btn-primary btn-lg">
              {t('shell.login')}
            </Link>
          )
        )}
      </div>
    </section>
  );
}
