import fs from 'node:fs';
import path from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import type { Niche } from '../../common/constants';
import { preloadTags, readManifest } from '../infra/ssr/route-preloads';
import { drawnOnServer, drawPage, type Renderer, stateScript } from '../infra/ssr/ssr';
import { sendError } from '../plugins/errors';

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

/**
 * A drawn page (a lander) is readable without its JavaScript: the browser loads and paints it, its
 * pictures included, and only then fetches and starts the app (/boot.js, web/public/boot.js), which
 * hydrates it. The scripts and catalogs the page would name for preloading go to boot.js instead:
 * fetched earlier they would compete with the page's own pictures on a slow connection.
 */
function startAfterLoad(html: string): string {
  const modules: string[] = [];
  const fetches: string[] = [];
  const page = html.replace(
    /<link rel="(modulepreload|preload" as="fetch)" crossorigin href="([^"]+)">\s*/g,
    (_tag, kind: string, href: string) => {
      (kind === 'modulepreload' ? modules : fetches).push(href);
      return '';
    },
  );
  return page.replace(
    /<script type="module" crossorigin src="([^"]+)"><\/script>/,
    (_tag, entry: string) =>
      `<script src="/boot.js" data-entry="${entry}" data-modules="${modules.join(' ')}" data-fetches="${fetches.join(' ')}" defer></script>`,
  );
}

/**
 * Every path that is not an API call or a file gets the SPA, which routes it (and shows its own
 * 404 page for unknown paths). The page starts with the site's title, description and language so
 * the first paint and crawlers see the right ones.
 */
export const spaRoutes: FastifyPluginAsync<{
  webDir: string;
  renderer?: Renderer | null;
  geoipHeader?: string;
}> = async (app, opts) => {
  const template = fs.readFileSync(path.join(opts.webDir, 'index.html'), 'utf8');
  const manifest = readManifest(opts.webDir);

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (pathname.startsWith('/api/') || pathname.startsWith('/media/') || path.extname(pathname)) {
      return sendError(request, reply, 404, 'not_found');
    }
    if (request.method !== 'GET' && request.method !== 'HEAD')
      return sendError(request, reply, 404, 'not_found');
    const s = request.site.settings;
    let html = template
      .replace('<html lang="en">', `<html lang="${request.locale}">`)
      .replace(/<title>.*?<\/title>/, `<title>${escapeHtml(s.index_title)}</title>`)
      .replace(
        '<meta name="description" content="">',
        `<meta name="description" content="${escapeHtml(s.description)}">`,
      )
      .replace(
        '</head>',
        `${preloadTags(manifest, { pathname, locale: request.locale, siteNiche: s.niche as Niche })}</head>`,
      );
    // Landers and member landings: their first paint drawn here (server/infra/ssr/ssr.ts); the page
    // is the plain app page whenever that cannot be done.
    if (opts.renderer && request.method === 'GET' && drawnOnServer(request, pathname)) {
      const drawn = await drawPage(app, opts.renderer, request, {
        url: request.url,
        geoipHeader: opts.geoipHeader ?? 'cf-ipcountry',
      }).catch((err: unknown) => {
        request.log.error({ err }, 'the server could not draw the page');
        return null;
      });
      if (drawn)
        html = startAfterLoad(html).replace(
          '<div id="root"></div>',
          `<div id="root">${drawn.html}</div>${stateScript(drawn.state)}`,
        );
    }
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
  });
};
