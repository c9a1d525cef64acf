import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccount, useEssentialNotifications, usePause, useSetInvisible } from '../../api/settings-account';

type Action = {
  run: () => void;
  isPending: boolean;
  /** Chosen here and now: the status then takes the focus from the button it replaces. */
  isSuccess: boolean;
  /** Already so before this page (invisible mode): shown as chosen, the focus left alone. */
  already?: boolean;
  isError: boolean;
  error: Error | null;
};
type Kind = 'invisible' | 'fewer' | 'pause';

/** What the deletion flow offers first: invisible mode, fewer e-mails or a pause. */
export function DeletionAlternatives() {
  const { t } = useTranslation();
  const account = useAccount();
  const invisible = useSetInvisible();
  const fewer = useEssentialNotifications();
  const pause = usePause();
  const headingId = useId();
  const actions: [Kind, Action][] = [
    ['invisible', { ...invisible, already: account.data?.invisible, run: () => invisible.mutate(true) }],
    ['fewer', { ...fewer, run: () => fewer.mutate(undefined) }],
    ['pause', { ...pause, run: () => pause.mutate() }],
  ];
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId}>{t('deleteAccount.alternatives.title')}</h2>
      <p className="settings-intro">{t('deleteAccount.alternatives.intro')}</p>
      <ul className="alternatives">
        {actions.map(([kind, action]) => (
          <Alternative key={kind} kind={kind} action={action} />
        ))}
      </ul>
    </section>
  );
}

/** One alternative; once chosen, its button gives way to what changed, which takes the focus. */
function Alternative({ kind, action }: { kind: Kind; action: Action }) {
  const { t } = useTranslation();
  const status = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (action.isSuccess) status.current?.focus();
  }, [action.isSuccess]);
  const chosen = action.isSuccess || action.already === true;
  return (
    <li className={`alternative ${chosen ? 'alternative--chosen' : ''}`}>
      <h3>{t(`deleteAccount.alternatives.${kind}.title`)}</h3>
      <p className="alternative-text">{t(`deleteAccount.alternatives.${kind}.text`)}</p>
      {!chosen && (
        <button
          type="button"
          className="btn btn-secondary btn-sm"
          disabled={action.isPending}
          onClick={action.run}
        >
          {t(`deleteAccount.alternatives.${kind}.action`)}
        </button>
      )}
      <p
        ref={status}
        tabIndex={-1}
        className={`alternative-status ${action.isError ? 'is-error' : 'is-ok'}`}
        role="status"
      >
        {action.isError ? action.error?.message : chosen ? t(`deleteAccount.alternatives.${kind}.done`) : ''}
      </p>
    </li>
  );
}
