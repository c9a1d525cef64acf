import { useSettings } from '../../api/site';

/**
 * Issue 6 point 9 / DESIGN §4 "Honest by construction": where the site has fictional profiles, its
 * own disclosure stands on every page that leads to a purchase.
 */
export function SiteDisclosure() {
  const settings = useSettings();
  if (!settings.fictional_warning) return null;
  return (
    <aside className="premium-disclosure" aria-label={settings.fictional_plural ?? undefined}>
      {settings.fictional_icon && (
        <span className="premium-disclosure-icon" aria-hidden="true">
          {settings.fictional_icon}
        </span>
      )}
      <p>
        {settings.fictional_plural && <strong>{settings.fictional_plural}: </strong>}
        {settings.fictional_warning}
      </p>
    </aside>
  );
}
