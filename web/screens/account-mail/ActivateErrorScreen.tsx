import './account-mail.scss';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useResendActivation } from '../../api/account-mail';
import { useUser } from '../../api/user';
import { MEMBER_HOME } from '../../member-home';

/**
 * /activate/error ('Activeren mislukt'): the link was expired, used or incomplete. What helps next
 * depends on who looks: a new mail, the news that the address is confirmed already, or a login.
 */
export default function Screen() {
  const { t } = useTranslation();
  const { data: user, isPending } = useUser();
  const resend = useResendActivation();
  const confirmed = user?.email_confirmed === true;
  return (
    <section className="container account-page" aria-busy={isPending}>
      <div className="account-mark account-mark--problem" aria-hidden="true">
        !
      </div>
      <h1>{t('accountMail.activateError.title')}</h1>
      {confirmed ? (
        <>
          <p className="lead">{t('accountMail.activateError.alreadyConfirmed')}</p>
          <Link to={MEMBER_HOME} className="btn btn-primary btn-lg">
            {t('accountMail.activateDone.toMembers')}
          </Link>
        </>
      ) : (
        <>
          <p className="lead">{t('accountMail.activateError.text')}</p>
          {user ? (
            <div className="account-card">
              <p>{t('accountMail.activateError.resendText')}</p>
              <button
                type="button"
                className="btn btn-primary"
                disabled={resend.isPending || resend.isSuccess}
                onClick={() => resend.mutate()}
              >
                {t('accountMail.resend')}
              </button>
              <p
                className={`account-status ${resend.isError ? 'text-danger' : 'text-success'}`}
                role="status"
              >
                {resend.isError ? resend.error.message : resend.isSuccess ? t('accountMail.resent') : ''}
              </p>
            </div>
          ) : (
            !isPending && (
              <>
                <p>{t('accountMail.activateError.loginText')}</p>
                <Link to="/login" className="btn btn-primary btn-lg">
                  {t('shell.login')}
                </Link>
              </>
            )
          )}
        </>
      )}
    </section>
  );
}
