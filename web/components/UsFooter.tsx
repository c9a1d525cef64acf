import { useTranslation } from 'react-i18next';
import { useSettings } from '../api/site';

/** The US footer (18 U.S.C. 2257 statement), shown only in English. */
export function UsFooter() {
  const { t, i18n } = useTranslation();
  const settings = useSettings();
  if (i18n.language !== 'en') return null;
  return (
    <aside className="us-footer" aria-label={t('usFooter.label')}>
      <div className="container">
        <p>{t('usFooter.statement', { site: settings.name, email: settings.support_email })}</p>
      </div>
    </aside>
  );
}
