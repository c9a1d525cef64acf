import type { FastifyPluginAsync } from 'fastify';
import { NICHES } from '../../common/constants';
import { ApiError } from '../plugins/errors';
import { HERO_WIDTHS, type HeroWidth, heroImage, type NicheName } from '../services/sites/hero-images';

const NAMES: ReadonlySet<string> = new Set(Object.values(NICHES));
const FILE = /^([a-z]+)-(\d+)\.webp$/;

/** GET /hero/{niche}-{640|1280}.webp: the niche's hero picture (server/services/sites/hero-images.ts). */
export const heroRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Params: { file: string } }>('/hero/:file', { schema: { hide: true } }, async (request, reply) => {
    const [, niche = '', width = ''] = FILE.exec(request.params.file) ?? [];
    if (!NAMES.has(niche) || !(HERO_WIDTHS as readonly number[]).includes(Number(width)))
      throw new ApiError(404, 'not_found');
    const image = await heroImage(niche as NicheName, Number(width) as HeroWidth);
    // The drawing changes only with a deploy: a day in caches, then revalidated.
    reply.type('image/webp').header('cache-control', 'public, max-age=86400');
    return image;
  });
};
