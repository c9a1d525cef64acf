import './account-mail.scss';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ACCOUNT_TOKEN_PATTERN } from '../../../common/api/account-mail';
import { useConfirmMailChange } from '../../api/account-mail';
import { useUser } from '../../api/user';

/**
 * /mail-change/do?token=…: the link of the mail to the new address. It asks before it uses the
 * token, so a mail scanner that opens every link cannot change the address on its own.
 */
export default function Screen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const confirm = useConfirmMailChange();
  const { data: user } = useUser();
  const result = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (confirm.isSuccess || confirm.isError) result.current?.focus();
  }, [confirm.isSuccess, confirm.isError]);

  const invalid = !ACCOUNT_TOKEN_PATTERN.test(token);
  if (confirm.isSuccess)
    return (
      <section className="container account-page">
        <div className="account-mark" aria-hidden="true">
          ✓
        </div>
        <h1>{t('accountMail.mailChangeDo.doneTitle')}</h1>
        <p className="lead" ref={result} tabIndex={-1}>
          {t('accountMail.mailChangeDo.doneText')}
        </p>
        <Link to={user ? '/settings' : '/login'} className="btn btn-primary btn-lg">
          {user ? t('accountMail.toSettings') : t('shell.login')}
        </Link>
      </section>
    );

  return (
    <section className="container account-page">
      <div
        className={`account-mark ${invalid || confirm.isError ? 'account-mark--problem' : 'account-mark--mail'}`}
        aria-hidden="true"
      >
        {invalid || confirm.isError ? '!' : '✉'}
      </div>
      <h1>{t('accountMail.mailChangeDo.title')}</h1>
      {invalid || confirm.isError ? (
        <>
          <p className="lead text-danger" role="alert" ref={result} tabIndex={-1}>
            {confirm.isError ? confirm.error.message : t('error.link_invalid')}
          </p>
          <Link to={user ? '/settings' : '/login'} className="btn btn-outline-secondary">
            {user ? t('accountMail.toSettings') : t('shell.login')}
          </Link>
        </>
      ) : (
        <>
          <p className="lead">{t('accountMail.mailChangeDo.text')}</p>
          <button
            type="button"
            className="btn btn-primary btn-lg"
            disabled={confirm.isPending}
            onClick={() => confirm.mutate(token)}
          >
            {t('accountMail.mailChangeDo.submit')}
          </button>
        </>
      )}
    </section>
  );
}
