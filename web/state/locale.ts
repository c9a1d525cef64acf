import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { Locale } from '../../common/constants';
import { writeLocaleCookie } from '../i18n';

/** Changes the language at any time (SPEC §4): catalog, cookie for 365 days, <html lang>. */
export function useChangeLocale() {
  const { i18n } = useTranslation();
  return useCallback(
    async (lng: Locale) => {
      writeLocaleCookie(lng);
      await i18n.changeLanguage(lng);
    },
    [i18n],
  );
}
