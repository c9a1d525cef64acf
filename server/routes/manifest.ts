import type { FastifyPluginAsync } from 'fastify';
import { sendError } from '../plugins/errors';
import { manifestFor } from '../presenters/manifest';
import { iconSetFor, isIconFile, renderIcon } from '../services/sites/app-icons';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * GET /manifest.webmanifest per site (by host); the icons it names at /icons/<drawing>/<file>, and
 * /apple-touch-icon.png, which iOS asks for by that name (index.html links it too).
 */
export const manifestRoutes: FastifyPluginAsync = async (app) => {
  app.get('/manifest.webmanifest', { schema: { hide: true } }, async (request, reply) => {
    // Revalidated: a renamed site reaches installed apps on their next manifest check.
    return reply
      .type('application/manifest+json; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(JSON.stringify(manifestFor(request.site)));
  });

  app.get<{ Params: { key: string; file: string } }>(
    '/icons/:key/:file',
    { schema: { hide: true } },
    async (request, reply) => {
      const { key, file } = request.params;
      if (!isIconFile(file)) return sendError(request, reply, 404, 'not_found');
      // Usually the requesting site's own set; an address of another site (a shared cache) or an
      // old drawing that no site has any more is looked up among all, else not found.
      let set = iconSetFor(request.site);
      if (set.key !== key) {
        const found = (await app.services.sites.all()).map(iconSetFor).find((s) => s.key === key);
        if (!found) return sendError(request, reply, 404, 'not_found');
        set = found;
      }
      const png = await renderIcon(set, file);
      return reply.type('image/png').header('cache-control', IMMUTABLE).send(png);
    },
  );

  app.get('/apple-touch-icon.png', { schema: { hide: true } }, async (request, reply) => {
    const png = await renderIcon(iconSetFor(request.site), 'apple-180.png');
    // A fixed address, so not immutable: a day, then the current drawing.
    return reply.type('image/png').header('cache-control', 'public, max-age=86400').send(png);
  });
};
