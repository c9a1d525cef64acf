import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { titleWithCount } from '../../common/rules/badge';
import { useSettings } from '../api/site';
import { useRouteHandle } from '../route-handle';
import { useAttentionCount } from '../state/attention';

/**
 * One title per screen and language: "<screen> – <site>", the site's index_title on the
 * home page. Screens whose title depends on data (a static page) set it themselves with usePageTitle.
 * A member's count of new things goes before it in brackets, and on the app badge where the browser
 * has one: unread messages plus new likes, counted by the lazily
 * loaded member part (components/Realtime.tsx); zero for visitors.
 */
export function TitleSync() {
  const { t } = useTranslation();
  const settings = useSettings();
  const handle = useRouteHandle();
  const total = useAttentionCount();
  useEffect(() => {
    if (handle.name === 'index') document.title = titleWithCount(settings.index_title, total);
    else if (handle.title) document.title = titleWithCount(`${t(handle.title)} – ${settings.name}`, total);
  }, [handle, settings, t, total]);
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
