import { eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { members } from '../db/schema';
import { currentMemberId } from '../plugins/auth';
import { sendError } from '../plugins/errors';
import { MEDIA_KEY } from '../services/storage';

/** Serves image bytes. A premium original (`p/`) goes only to a logged-in premium member. */
export const mediaRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Params: { '*': string } }>('/media/*', { schema: { hide: true } }, async (request, reply) => {
    const key = request.params['*'];
    if (!MEDIA_KEY.test(key)) return sendError(request, reply, 404, 'not_found');
    const { db, storage } = app.services;
    if (key.startsWith('p/')) {
      const memberId = await currentMemberId(request, app.services);
      const [viewer] = memberId
        ? await db.select({ paid: members.paidUser }).from(members).where(eq(members.id, memberId))
        : [];
      // 404 rather than 403: a non-premium viewer learns nothing about the premium photo.
      if (!viewer?.paid) return sendError(request, reply, 404, 'not_found');
    }
    const bytes = await storage.get(key);
    if (!bytes) return sendError(request, reply, 404, 'not_found');
    reply
      .type('image/webp')
      .header('x-content-type-options', 'nosniff')
      .header(
        'cache-control',
        key.startsWith('p/') ? 'private, max-age=3600' : 'public, max-age=31536000, immutable',
      );
    return reply.send(bytes);
  });
};
