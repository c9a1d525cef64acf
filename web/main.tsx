import './styles/app.scss';
import { QueryClientProvider, type QueryKey } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import type { SettingsResponse } from '../common/api/settings';
import { PREFETCH_IDLE_TIMEOUT_MS } from '../common/constants';
import { chooseLocale } from '../common/rules/locale';
import { createQueryClient } from './api/query-client';
import { companyInfoKey, fetchCompanyInfo, fetchSettings, settingsKey } from './api/site';
import { fetchUser, userKey } from './api/user';
import { initI18n, readLocaleCookie, writeLocaleCookie } from './i18n';
import { AppRoutes } from './routes';
import { isChunkLoadError, reloadForChunkError } from './state/chunk-reload';
import { storeTrackingFromUrl } from './state/tracking';

async function start() {
  const landing = window.location.pathname;
  storeTrackingFromUrl(landing, window.location.search);
  window.addEventListener('vite:preloadError', (event) => {
    if (reloadForChunkError()) event.preventDefault();
  });
  window.addEventListener('unhandledrejection', (event) => {
    if (isChunkLoadError(event.reason)) reloadForChunkError();
  });

  const queryClient = createQueryClient();
  // A lander drawn on the server (server/infra/ssr/ssr.ts) brings the answers it was drawn with;
  // every other page the site's data (settings, company), so nothing waits for those calls.
  const drawn = document.getElementById('ssr-state');
  for (const state of [drawn, document.getElementById('site-state')])
    if (state?.textContent)
      for (const [key, data] of JSON.parse(state.textContent) as [QueryKey, unknown][])
        queryClient.setQueryData(key, data);
  const brought = queryClient.getQueryData<SettingsResponse>(settingsKey);
  const settings = brought
    ? Promise.resolve(brought)
    : fetchSettings(window.location.search).then(
        (data) => {
          queryClient.setQueryData(settingsKey, data);
          return data;
        },
        () => null as SettingsResponse | null,
      );
  // The footer shows the company: asked for now when the page did not bring it, but never waited
  // for (the footer keeps its place meanwhile).
  if (!queryClient.getQueryData(companyInfoKey))
    void queryClient
      .fetchQuery({
        queryKey: companyInfoKey,
        queryFn: fetchCompanyInfo,
        staleTime: Number.POSITIVE_INFINITY,
        retry: false,
      })
      .catch(() => null);
  void queryClient.prefetchQuery({ queryKey: userKey, queryFn: fetchUser });

  // Without a locale cookie, the site's domain_language decides (then the country).
  let locale = readLocaleCookie();
  if (!locale) {
    const s = (await settings)?.settings;
    locale = chooseLocale({ domainLanguage: s?.domain_language, country: s?.geoip_selected_country });
    writeLocaleCookie(locale);
  }
  await Promise.all([initI18n(locale), settings]);

  const root = document.getElementById('root') as HTMLElement;
  const app = (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </QueryClientProvider>
    </StrictMode>
  );
  // Hydrated, the server's first paint stays on screen while the page's screens load.
  if (drawn) hydrateRoot(root, app);
  else createRoot(root).render(app);
  // The operator console (/admin) is no visit of the site.
  if (!/^\/admin(\/|$)/.test(landing)) {
    void import('./state/visit').then((m) => m.logVisit(landing)).catch(() => undefined);
  }
  // Once the page has loaded: the service worker (offline shell, pushes) and the offline note; and,
  // when the browser is next idle (at most 2 s later), the screens opened next fetched, not run.
  const afterLoad = () => {
    void import('./state/service-worker')
      .then((m) => m.startOfflineShell(queryClient))
      .catch(() => undefined);
    // The operator console (/admin) is no visit of the site and opens no member screen next.
    if (/^\/admin(\/|$)/.test(landing)) return;
    const idle =
      window.requestIdleCallback ?? ((run: () => void) => setTimeout(run, PREFETCH_IDLE_TIMEOUT_MS));
    idle(() => void import('./state/prefetch').then((m) => m.prefetchLikelyScreens(queryClient)), {
      timeout: PREFETCH_IDLE_TIMEOUT_MS,
    });
  };
  if (document.readyState === 'complete') afterLoad();
  else window.addEventListener('load', afterLoad, { once: true });
}

void start();
