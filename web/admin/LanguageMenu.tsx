import { useTranslation } from 'react-i18next';
import { LOCALES, type Locale } from '../../common/constants';
import { LOCALE_NAMES } from '../../common/rules/locale';
import { MenuButton } from '../components/MenuButton';
import { writeLocaleCookie } from '../i18n';

/**
 * The console's language: all 11, in a fixed order. It is the site's locale cookie, so the server's
 * messages (errors, validation) follow it too; a member account logged in in the same browser is
 * left as it is.
 */
export function AdminLanguageMenu() {
  const { t, i18n } = useTranslation('admin');
  const current = (LOCALES as readonly string[]).includes(i18n.language) ? (i18n.language as Locale) : 'en';
  return (
    <MenuButton
      className="admin-language"
      ariaLabel={t('shell.language', { language: LOCALE_NAMES[current] })}
      label={
        <>
          <span aria-hidden="true">🌐 </span>
          {current.toUpperCase()}
        </>
      }
      items={LOCALES.map((lng) => ({
        key: lng,
        lang: lng,
        label: LOCALE_NAMES[lng],
        active: lng === current,
        onSelect: () => {
          writeLocaleCookie(lng);
          void i18n.changeLanguage(lng);
        },
      }))}
    />
  );
}
