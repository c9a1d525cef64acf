import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useReactivate } from '../../api/settings-account';
import { ReactivationMailForm } from './ReactivationMailForm';

/**
 * The reactivation link lands here and asks before it uses the token, so that a mail scanner that
 * opens every link cannot bring an account back on its own.
 */
export function ReactivationPrompt({ token }: { token: string }) {
  const { t } = useTranslation();
  const reactivate = useReactivate();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (reactivate.isSuccess || reactivate.isError) heading.current?.focus();
  }, [reactivate.isSuccess, reactivate.isError]);

  if (reactivate.isSuccess)
    return (
      <section className="container account-deleted">
        <div className="account-deleted-mark account-deleted-mark--back" aria-hidden="true">
          ♥
        </div>
        <h1 ref={heading} tabIndex={-1}>
          {t('accountDeleted.reactivate.done')}
        </h1>
        <p className="lead">{t('accountDeleted.reactivate.doneText')}</p>
        <div className="account-deleted-actions">
          <Link to="/profile" className="btn btn-primary">
            {t('accountDeleted.reactivate.toProfile')}
          </Link>
          <Link to="/notifications" className="btn btn-outline-secondary">
            {t('accountDeleted.reactivate.toSettings')}
          </Link>
        </div>
      </section>
    );

  return (
    <section className="container account-deleted">
      <div className="account-deleted-mark account-deleted-mark--back" aria-hidden="true">
        ♥
      </div>
      <h1 ref={heading} tabIndex={-1}>
        {t('accountDeleted.reactivate.title')}
      </h1>
      {reactivate.isError ? (
        <>
          <p className="lead is-error" role="alert">
            {t('accountDeleted.reactivate.failed')}
          </p>
          <div className="account-deleted-card">
            <ReactivationMailForm />
          </div>
        </>
      ) : (
        <>
          <p className="lead">{t('accountDeleted.reactivate.text')}</p>
          <button
            type="button"
            className="btn btn-primary btn-lg"
            disabled={reactivate.isPending}
            onClick={() => reactivate.mutate(token)}
          >
            {t('accountDeleted.reactivate.action')}
          </button>
        </>
      )}
    </section>
  );
}
