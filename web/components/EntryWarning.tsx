import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { shouldShowEntryWarning } from '../../common/rules/entry-warning';
import { useSettings } from '../api/site';
import { useUser } from '../api/user';
import { useRouteHandle } from '../route-handle';
import { dismiss, dismissedAt } from '../state/dismissals';
import { isInstalledApp } from '../state/display-mode';
import { Dialog } from './Dialog';

const NAME = 'entry-warning';

/** SPEC §2 "Site-entry warning modal": shown once, on load, to visitors who have not dismissed it. */
export function EntryWarning({ onlyNlDe = false }: { onlyNlDe?: boolean }) {
  const { t } = useTranslation();
  const settings = useSettings();
  const { data: user, isPending } = useUser();
  const handle = useRouteHandle();
  const [closed, setClosed] = useState(false);
  // Decided once per page load: navigating must not bring it back.
  const [initiallyDismissed] = useState(() => dismissedAt(NAME) !== null);

  const show =
    !isPending &&
    !closed &&
    shouldShowEntryWarning({
      loggedIn: Boolean(user),
      installedApp: isInstalledApp(),
      dismissed: initiallyDismissed,
      setting: settings.enable_site_entry_popup,
      selectedCountry: settings.geoip_selected_country,
      onlyNlDe,
      routeAllows: handle.entryWarning !== false,
    });
  if (!show) return null;

  const accept = () => {
    dismiss(NAME);
    setClosed(true);
  };
  return (
    <Dialog
      open
      title={t('entryWarning.title')}
      onCancel={accept}
      className="entry-warning"
      footer={
        <>
          <a className="btn btn-outline-secondary" href="https://www.google.com/" rel="noreferrer">
            {t('entryWarning.leave')}
          </a>
          <button type="button" className="btn btn-primary" onClick={accept} data-autofocus>
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
