import { AsyncLocalStorage } from 'node:async_hooks';
import { QueryClient, QueryClientProvider, type QueryKey } from '@tanstack/react-query';
import { createInstance } from 'i18next';
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { StaticRouter } from 'react-router';
import { FALLBACK_LOCALE } from '../common/constants';
import { currentTracking, parseTracking } from '../common/rules/tracking';
import { AppRoutes } from './routes';
import type { DrawnRequest } from './state/drawn-request';

/**
 * The server's first paint of the pages paid traffic opens (landers and member landings): the same
 * React tree the browser renders, drawn to HTML on the server with the data the browser would ask
 * for, so the page shows before its JavaScript has run; the browser then hydrates it (web/main.tsx).
 * Built by `vite build --config vite.ssr.config.ts` into dist/ssr; used by server/infra/ssr/ssr.ts.
 */

export type SsrInput = {
  url: string;
  locale: string;
  /**
   * The catalogs of the locale and the fallback language, by namespace (`translation`, and `pages`
   * for the information pages), as the browser loads them.
   */
  catalogs: Record<string, Record<string, Record<string, unknown>>>;
  /** Query data the page's screens ask for, under their keys (the answers of the API calls). */
  queries: [QueryKey, unknown][];
  /** The visitor's remembered tracking values: the tracking cookie's text, as the browser reads it. */
  trackingCookie?: string;
};

export type SsrOutput = {
  html: string;
  /** What the browser's query cache starts from, so its first render is this one: [key, data]. */
  state: [QueryKey, unknown][];
  /** Queries the render asked for without data: the caller fetches them and renders again. */
  missing: QueryKey[];
  /**
   * What a part of the page threw while drawn: React leaves that part to the browser (which draws
   * it afresh, error #419 in its console); the caller logs them.
   */
  errors: unknown[];
};

async function text(stream: AsyncIterable<Uint8Array | string>): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream)
    chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : Buffer.from(chunk));
  return Buffer.concat(chunks).toString('utf8');
}

// The request being drawn, for web/state/drawn-request.ts.
const drawing = new AsyncLocalStorage<DrawnRequest>();
(globalThis as { ssrRequest?: AsyncLocalStorage<DrawnRequest> }).ssrRequest = drawing;

export function render(input: SsrInput): Promise<SsrOutput> {
  // The values the browser will go by when it takes the page over (web/state/tracking.ts): the
  // address's, else the remembered ones.
  const { pathname, search } = new URL(input.url, 'http://x');
  const values = currentTracking(pathname, search, parseTracking(input.trackingCookie));
  return drawing.run({ tracking: values }, () => draw(input));
}

async function draw(input: SsrInput): Promise<SsrOutput> {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } },
  });
  for (const [key, data] of input.queries) client.setQueryData(key, data);
  const errors: unknown[] = [];
  const i18n = createInstance();
  await i18n.use(initReactI18next).init({
    lng: input.locale,
    fallbackLng: FALLBACK_LOCALE,
    resources: input.catalogs,
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
    returnNull: false,
  });
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={client}>
          <StaticRouter location={input.url}>
            <AppRoutes />
          </StaticRouter>
        </QueryClientProvider>
      </I18nextProvider>
    </StrictMode>,
    {
      // One piece of HTML: no boundary sent ahead and revealed by an inline script (CSP forbids those).
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onError: (error) => {
        errors.push(error);
      },
    },
  );
  const html = await text(prelude);
  const missing = client
    .getQueryCache()
    .getAll()
    .filter((q) => q.state.data === undefined)
    .map((q) => q.queryKey);
  const state = client
    .getQueryCache()
    .getAll()
    .filter((q) => q.state.data !== undefined)
    .map((q): [QueryKey, unknown] => [q.queryKey, q.state.data]);
  return { html, state, missing, errors };
}
