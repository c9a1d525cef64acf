import { useTranslation } from 'react-i18next';
import { useSettings } from '../api/site';

/** The disclaimer under the footer: adults only, and the site's fictional-profile disclosure. */
export function Disclaimer() {
  const { t } = useTranslation();
  const settings = useSettings();
  return (
    <aside className="disclaimer" aria-label={t('disclaimer.label')}>
      <div className="container">
        <p>{t('disclaimer.adults', { site: settings.name })}</p>
        {settings.fictional_warning && (
          <p>
            {settings.fictional_icon && <span aria-hidden="true">{settings.fictional_icon} </span>}
            {settings.fictional_warning}
          </p>
        )}
      </div>
    </aside>
  );
}
