import { useTranslation } from 'react-i18next';
import { useSettings } from '../../api/site';

/**
 * Issue 6 point 9 (DESIGN §4 "Honest by construction"): where the site has fictional profiles, the
 * purchase screens say so, in the site's own words, before anything is bought.
 */
export function FictionalDisclosure() {
  const { t } = useTranslation();
  const s = useSettings();
  if (!s.fictional_warning) return null;
  return (
    <aside className="credits-fictional" aria-labelledby="credits-fictional-title">
      {s.fictional_icon && (
        <span className="credits-fictional-icon" aria-hidden="true">
          {s.fictional_icon}
        </span>
      )}
      <div>
        <h2 id="credits-fictional-title" className="credits-fictional-title">
          {s.fictional_plural
            ? t('credits.fictional.titleNamed', { plural: s.fictional_plural })
            : t('credits.fictional.title')}
        </h2>
        <p>{s.fictional_warning}</p>
        {s.fictional_icon && s.fictional_singular && (
          <p className="credits-fictional-mark">
            {t('credits.fictional.mark', { icon: s.fictional_icon, singular: s.fictional_singular })}
          </p>
        )}
      </div>
    </aside>
  );
}
