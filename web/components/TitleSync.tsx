import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSettings } from '../api/site';
import { useRouteHandle } from '../route-handle';

/**
 * One title per screen and language (DESIGN §4): "<screen> – <site>", the site's index_title on the
 * home page. Screens whose title depends on data (a static page) set it themselves with usePageTitle.
 */
export function TitleSync() {
  const { t } = useTranslation();
  const settings = useSettings();
  const handle = useRouteHandle();
  useEffect(() => {
    if (handle.name === 'index') document.title = settings.index_title;
    else if (handle.title) document.title = `${t(handle.title)} – ${settings.name}`;
  }, [handle, settings, t]);
  return null;
}

export function usePageTitle(title: string | null) {
  const settings = useSettings();
  useEffect(() => {
    if (title) document.title = `${title} – ${settings.name}`;
  }, [title, settings.name]);
}
