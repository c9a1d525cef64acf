import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { userEndpoints } from '../../common/api/endpoints/user';
import type { UserResponse } from '../../common/api/user';
import type { Locale } from '../../common/constants';
import { call } from '../api/client';
import { userKey } from '../api/user';
import { writeLocaleCookie } from '../i18n';

/**
 * Changes the language at any time: catalog, cookie for 365 days, <html lang>. A member's
 * choice is saved on the account too (PUT /api/user.php, errors ignored), so mails come in
 * that language.
 */
export function useChangeLocale() {
  const { i18n } = useTranslation();
  const client = useQueryClient();
  return useCallback(
    async (lng: Locale) => {
      writeLocaleCookie(lng);
      const user = client.getQueryData<UserResponse>(userKey)?.user;
      if (user && user.language !== lng)
        void call(userEndpoints.setLanguage, { body: { language: lng } }).then(
          (saved) => client.setQueryData(userKey, saved),
          () => undefined,
        );
      await i18n.changeLanguage(lng);
    },
    [i18n, client],
  );
}
