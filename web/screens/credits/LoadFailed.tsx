import { useTranslation } from 'react-i18next';

/** The packages could not be loaded (the server did not answer): say so and offer to try again. */
export function LoadFailed({ retry }: { retry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="credits-failed" role="alert">
      <p>{t('credits.loadFailed')}</p>
      <button type="button" className="btn btn-outline-primary" onClick={retry}>
        {t('credits.retry')}
      </button>
    </div>
  );
}
