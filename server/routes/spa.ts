import fs from 'node:fs';
import path from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import { sendError } from '../plugins/errors';

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

/**
 * Every path that is not an API call or a file gets the SPA, which routes it (and shows its own
 * 404 page for unknown paths). The page starts with the site's title, description and language so
 * the first paint and crawlers see the right ones.
 */
export const spaRoutes: FastifyPluginAsync<{ webDir: string }> = async (app, opts) => {
  const template = fs.readFileSync(path.join(opts.webDir, 'index.html'), 'utf8');

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (pathname.startsWith('/api/') || pathname.startsWith('/media/') || path.extname(pathname)) {
      return sendError(request, reply, 404, 'not_found');
    }
    if (request.method !== 'GET' && request.method !== 'HEAD')
      return sendError(request, reply, 404, 'not_found');
    const s = request.site.settings;
    const html = template
      .replace('<html lang="en">', `<html lang="${request.locale}">`)
      .replace(/<title>.*?<\/title>/, `<title>${escapeHtml(s.index_title)}</title>`)
      .replace(
        '<meta name="description" content="">',
        `<meta name="description" content="${escapeHtml(s.description)}">`,
      );
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
  });
};
