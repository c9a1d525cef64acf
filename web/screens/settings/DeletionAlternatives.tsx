import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useEssentialNotifications, usePause, useSetInvisible } from '../../api/settings-account';

type Action = {
  mutate: () => void;
  isPending: boolean;
  isSuccess: boolean;
  isError: boolean;
  error: Error | null;
};

/** What the deletion flow offers first: invisible mode, fewer e-mails or a pause (SPEC §2). */
export function DeletionAlternatives() {
  const { t } = useTranslation();
  const invisible = useSetInvisible();
  const fewer = useEssentialNotifications();
  const pause = usePause();
  const headingId = useId();
  const actions: [key: 'invisible' | 'fewer' | 'pause', action: Action][] = [
    ['invisible', { ...invisible, mutate: () => invisible.mutate(true) }],
    ['fewer', { ...fewer, mutate: () => fewer.mutate(undefined) }],
    ['pause', { ...pause, mutate: () => pause.mutate() }],
  ];
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId}>{t('deleteAccount.alternatives.title')}</h2>
      <p className="settings-intro">{t('deleteAccount.alternatives.intro')}</p>
      <ul className="alternatives">
        {actions.map(([key, action]) => (
          <li key={key} className={`alternative alternative-${key}`}>
            <h3>{t(`deleteAccount.alternatives.${key}.title`)}</h3>
            <p>{t(`deleteAccount.alternatives.${key}.text`)}</p>
            <button
              type="button"
              className="btn btn-secondary btn-sm"
              disabled={action.isPending || action.isSuccess}
              onClick={action.mutate}
            >
              {t(`deleteAccount.alternatives.${key}.action`)}
            </button>
            <p
              className={`alternative-status ${action.isError ? 'text-danger' : 'text-success'}`}
              role="status"
            >
              {action.isError
                ? action.error?.message
                : action.isSuccess
                  ? t(`deleteAccount.alternatives.${key}.done`)
                  : ''}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
