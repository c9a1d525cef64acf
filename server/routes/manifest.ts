import type { FastifyPluginAsync } from 'fastify';
import { sendError } from '../plugins/errors';
import {
  BACKGROUND_COLOUR,
  type IconFileName,
  iconPath,
  iconSetFor,
  isIconFile,
  renderIcon,
} from '../services/sites/app-icons';
import type { Site } from '../services/sites/sites';

/** Launchers cut longer names off (Chrome's guidance: at most 12 characters). */
const SHORT_NAME_MAX = 12;

/** The site's name, or as many of its first words as fit, or its first characters. */
export function shortName(name: string): string {
  if (name.length <= SHORT_NAME_MAX) return name;
  let out = '';
  for (const word of name.split(/\s+/)) {
    const next = out ? `${out} ${word}` : word;
    if (next.length > SHORT_NAME_MAX) break;
    out = next;
  }
  return out || name.slice(0, SHORT_NAME_MAX);
}

/** The web app manifest of a site (SPEC §2 installed-app mode): its name, language, colours, icons. */
export function manifestFor(site: Site) {
  const s = site.settings;
  const icons = iconSetFor(site);
  const icon = (file: IconFileName, size: number, purpose: 'any' | 'maskable') => ({
    src: iconPath(icons, file),
    sizes: `${size}x${size}`,
    type: 'image/png',
    purpose,
  });
  return {
    id: '/',
    name: s.name,
    short_name: shortName(s.name),
    ...(s.description ? { description: s.description } : {}),
    // nl_NL → nl-NL (BCP 47).
    lang: s.domain_language.replace('_', '-'),
    dir: 'ltr',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: icons.colour,
    background_color: BACKGROUND_COLOUR,
    icons: [
      icon('any-192.png', 192, 'any'),
      icon('any-512.png', 512, 'any'),
      icon('maskable-512.png', 512, 'maskable'),
    ],
  };
}

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
