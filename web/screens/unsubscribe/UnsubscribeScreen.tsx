import '../account-mail/account-mail.scss';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ACCOUNT_TOKEN_PATTERN } from '../../../common/api/account-mail';
import { useUnsubscribe } from '../../api/unsubscribe';

/**
 * /unsubscribe/:token, the unsubscribe link in the footer of a notification mail: it turns that
 * kind of mail off at once (the link is the member's one click), says which kind, and leads to
 * the notification settings, where it can be turned back on.
 */
export default function Screen() {
  const { t } = useTranslation();
  const token = useParams().token ?? '';
  const unsubscribe = useUnsubscribe();
  const { mutate } = unsubscribe;
  const valid = ACCOUNT_TOKEN_PATTERN.test(token);
  // Once per token: a second post (a re-render, React's development double effect) would be a replay.
  const posted = useRef<string | null>(null);
  useEffect(() => {
    if (!valid || posted.current === token) return;
    posted.current = token;
    mutate(token);
  }, [valid, token, mutate]);
  const result = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (unsubscribe.isSuccess || unsubscribe.isError) result.current?.focus();
  }, [unsubscribe.isSuccess, unsubscribe.isError]);

  const failed = !valid || unsubscribe.isError;
  const kind = unsubscribe.data?.unsubscribed.kind;
  return (
    <section className="container account-page" aria-busy={unsubscribe.isPending}>
      <div
        className={`account-mark ${failed ? 'account-mark--problem' : 'account-mark--mail'}`}
        aria-hidden="true"
      >
        {failed ? '!' : kind ? '✓' : '✉'}
      </div>
      <h1>{t('unsubscribe.title')}</h1>
      {failed ? (
        <>
          <p className="lead text-danger" role="alert" ref={result} tabIndex={-1}>
            {unsubscribe.isError ? unsubscribe.error.message : t('unsubscribe.failed')}
          </p>
          <p>{t('unsubscribe.failedHint')}</p>
        </>
      ) : kind ? (
        <>
          <p className="lead" role="status" ref={result} tabIndex={-1}>
            {t('unsubscribe.done', { kind: t(`settings.kinds.${kind}.label`) })}
          </p>
          <p>{t('unsubscribe.hint')}</p>
        </>
      ) : (
        <p className="lead" role="status">
          {t('unsubscribe.working')}
        </p>
      )}
      <Link to="/notifications" className="btn btn-primary btn-lg">
        {t('unsubscribe.settings')}
      </Link>
    </section>
  );
}
