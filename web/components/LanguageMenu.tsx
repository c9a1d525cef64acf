import { useTranslation } from 'react-i18next';
import type { Locale } from '../../common/constants';
import { LOCALE_NAMES, localesForCountry } from '../../common/rules/locale';
import { useSettings } from '../api/site';
import { useChangeLocale } from '../state/locale';
import { MenuButton } from './MenuButton';

/** The language dropdown: the visitor's country's languages first, then the rest. */
export function LanguageMenu() {
  const { t, i18n } = useTranslation();
  const settings = useSettings();
  const changeLocale = useChangeLocale();
  const current = i18n.language as Locale;
  return (
    <MenuButton
      className="language-menu"
      // The name starts with what the button shows ("NL"), then says what it is: speech input and
      // screen readers match the visible text.
      ariaLabel={`${current.toUpperCase()}, ${t('shell.language', { language: LOCALE_NAMES[current] })}`}
      label={
        <>
          <span aria-hidden="true">🌐 </span>
          {current.toUpperCase()}
        </>
      }
      items={localesForCountry(settings.geoip_selected_country).map((lng) => ({
        key: lng,
        lang: lng,
        label: LOCALE_NAMES[lng],
        active: lng === current,
        onSelect: () => void changeLocale(lng),
      }))}
    />
  );
}
