import './lang-config.scss';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Locale } from '../../../common/constants';
import { LOCALE_NAMES, localesForCountry } from '../../../common/rules/locale';
import { useSettings } from '../../api/site';
import { useChangeLocale } from '../../state/locale';

/** /lang-config: choose the language; the visitor's country's languages are listed first. */
export default function Screen() {
  const { t, i18n } = useTranslation();
  const settings = useSettings();
  const changeLocale = useChangeLocale();
  const [choice, setChoice] = useState(i18n.language as Locale);
  const [saved, setSaved] = useState(false);
  return (
    <section className="container narrow-page">
      <h1>{t('langConfig.title')}</h1>
      <p>{t('langConfig.intro')}</p>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void changeLocale(choice).then(() => setSaved(true));
        }}
      >
        <fieldset className="list-group mb-3">
          <legend className="visually-hidden">{t('langConfig.title')}</legend>
          {localesForCountry(settings.geoip_selected_country).map((lng) => (
            <label key={lng} className="list-group-item d-flex gap-3 align-items-center" lang={lng}>
              <input
                className="form-check-input m-0"
                type="radio"
                name="language"
                value={lng}
                checked={choice === lng}
                onChange={() => {
                  setChoice(lng);
                  setSaved(false);
                }}
              />
              {LOCALE_NAMES[lng]}
            </label>
          ))}
        </fieldset>
        <button type="submit" className="btn btn-primary">
          {t('langConfig.save')}
        </button>
        <p role="status" className="mt-3 text-success">
          {saved ? t('langConfig.saved') : ''}
        </p>
      </form>
    </section>
  );
}
