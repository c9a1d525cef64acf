import { lazy, Suspense, useEffect, useState } from 'react';
import { shouldShowEntryWarning } from '../../common/rules/entry-warning';
import { useSettings } from '../api/site';
import { useUser } from '../api/user';
import { useRouteHandle } from '../route-handle';
import { lazyImport } from '../state/chunk-reload';
import { dismiss, dismissedAt } from '../state/dismissals';
import { isInstalledApp } from '../state/display-mode';
import { useHydrated } from '../state/hydrated';

const NAME = 'entry-warning';
const EntryWarningDialog = lazy(lazyImport(() => import('./EntryWarningDialog')));

/** The site-entry warning modal: shown once, on load, to visitors who have not dismissed it. */
export function EntryWarning({ onlyNlDe = false }: { onlyNlDe?: boolean }) {
  const settings = useSettings();
  const { data: user, isPending } = useUser();
  const handle = useRouteHandle();
  const [closed, setClosed] = useState(false);
  // Decided once per page load: navigating must not bring it back.
  const [initiallyDismissed] = useState(() => typeof window !== 'undefined' && dismissedAt(NAME) !== null);
  const hydrated = useHydrated();
  // A member accepted it when signing up: a browser they are logged in on (the activation link
  // opened on another device, say) keeps it dismissed, so it does not come back after a logout.
  useEffect(() => {
    if (user && dismissedAt(NAME) === null) dismiss(NAME);
  }, [user]);
  if (!hydrated) return null;

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
    <Suspense fallback={null}>
      <EntryWarningDialog onAccept={accept} />
    </Suspense>
  );
}
