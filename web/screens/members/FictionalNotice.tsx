import { useSettings } from '../../api/site';

/** Issue 4 point 9: above results that show a fictional profile, the site's own disclosure. */
export function FictionalNotice() {
  const settings = useSettings();
  if (!settings.fictional_warning) return null;
  return (
    <aside className="search-fictional" aria-label={settings.fictional_plural ?? undefined}>
      <span className="search-fictional-icon" aria-hidden="true">
        {settings.fictional_icon}
      </span>
      <p>
        {settings.fictional_plural && <strong>{settings.fictional_plural}: </strong>}
        {settings.fictional_warning}
      </p>
    </aside>
  );
}
