import { useTranslation } from 'react-i18next';
import { useSettings } from '../api/site';
import { Dialog } from './Dialog';

/** The entry warning's dialog; a chunk of its own, downloaded only by visitors who must see it. */
export default function EntryWarningDialog({ onAccept }: { onAccept: () => void }) {
  const { t } = useTranslation();
  const settings = useSettings();
  return (
    <Dialog
      open
      title={t('entryWarning.title')}
      onCancel={onAccept}
      className="entry-warning"
      footer={
        <>
          <a className="btn btn-outline-secondary" href="https://www.google.com/" rel="noreferrer">
            {t('entryWarning.leave')}
          </a>
          <button type="button" className="btn btn-primary" onClick={onAccept} data-autofocus>
            {t('entryWarning.enter')}
          </button>
        </>
      }
    >
      <p>{t('entryWarning.adults', { site: settings.name })}</p>
      <p>{t('entryWarning.consent')}</p>
      <p className="small text-body-secondary mb-0">{t('entryWarning.cookies')}</p>
    </Dialog>
  );
}
