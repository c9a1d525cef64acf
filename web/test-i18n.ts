import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../common/locales/en.json';

/** An i18next instance with the real English catalog, for component tests. */
export async function testI18n(): Promise<i18n> {
  const instance = i18next.createInstance();
  await instance.use(initReactI18next).init({
    lng: 'en',
    resources: { en: { translation: en } },
    interpolation: { escapeValue: false },
  });
  return instance;
}
