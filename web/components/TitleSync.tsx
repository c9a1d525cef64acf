import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { Locale } from '../../common/constants';
import { CATALOG_PARTS } from '../../common/locales/parts';
import { titleWithCount } from '../../common/rules/badge';
import { siteIntro } from '../../common/rules/site-intro';
import { useSettings } from '../api/site';
import { useRouteHandle } from '../route-handle';
import { useAttentionCount } from '../state/attention';

/**
 * One title per screen and language: "<screen> – <site>", the site's title in the visitor's
 * language on the home page (common/rules/site-intro.ts, as the server starts every page with),
 * and its description with it. Screens whose title depends on data (a static page) set it themselves with usePageTitle.
 * A member's count of new things goes before it in brackets, and on the app badge where the browser
 * has one: unread messages plus new likes, counted by the lazily
 * loaded member part (components/Realtime.tsx); zero for visitors.
 */
export function TitleSync() {
  const { t, i18n } = useTranslation();
  // Screens' titles are in the screens' part of the catalog, which the shell does not wait for:
  // until it is there the title stays as it was, never a raw key.
  const { ready: screenTexts } = useTranslation(CATALOG_PARTS[1], { useSuspense: false });
  const settings = useSettings();
  const handle = useRouteHandle();
  const total = useAttentionCount();
  const intro = siteIntro(settings, i18n.language as Locale, t);
  useEffect(() => {
    if (handle.name === 'index') document.title = titleWithCount(intro.title, total);
    else if (handle.title && screenTexts)
      document.title = titleWithCount(`${t(handle.title)} – ${settings.name}`, total);
  }, [handle, intro.title, screenTexts, settings.name, t, total]);
  useEffect(() => {
    document.querySelector('meta[name="description"]')?.setAttribute('content', intro.description);
  }, [intro.description]);
  useEffect(() => {
    const nav = navigator as Navigator & {
      setAppBadge?: (n: number) => Promise<void>;
      clearAppBadge?: () => Promise<void>;
    };
    if (total > 0) void nav.setAppBadge?.(total).catch(() => {});
    else void nav.clearAppBadge?.().catch(() => {});
  }, [total]);
  return null;
}

export function usePageTitle(title: string | null) {
  const settings = useSettings();
  const total = useAttentionCount();
  useEffect(() => {
    if (title) document.title = titleWithCount(`${title} – ${settings.name}`, total);
  }, [title, settings.name, total]);
}
