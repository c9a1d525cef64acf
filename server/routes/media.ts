import type { FastifyPluginAsync } from 'fastify';
import { MEDIA_KEY } from '../infra/storage';
import { currentMemberId } from '../plugins/auth';
import { sendError } from '../plugins/errors';
import { chatPhotoMembers } from '../services/chat/messages';
import { mayLoadPremiumPhoto } from '../services/profiles/photos';

/**
 * Serves image bytes. A premium original (`p/`) goes only to a logged-in premium member or its owner,
 * a chat photo (`c/`) only to the two members of its chat.
 */
export const mediaRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Params: { '*': string } }>('/media/*', { schema: { hide: true } }, async (request, reply) => {
    const key = request.params['*'];
    if (!MEDIA_KEY.test(key)) return sendError(request, reply, 404, 'not_found');
    const { db, storage } = app.services;
    if (key.startsWith('p/')) {
      const memberId = await currentMemberId(request, app.services);
      // 404 rather than 403: a non-premium viewer learns nothing about the premium photo.
      if (!(await mayLoadPremiumPhoto(db, memberId, key))) return sendError(request, reply, 404, 'not_found');
    }
    if (key.startsWith('c/')) {
      // A chat photo: its key names the two members of the chat, and only they load it.
      const pair = chatPhotoMembers(key);
      const memberId = await currentMemberId(request, app.services);
      if (!pair || memberId === null || !pair.includes(memberId))
        return sendError(request, reply, 404, 'not_found');
    }
    const bytes = await storage.get(key);
    if (!bytes) return sendError(request, reply, 404, 'not_found');
    reply
      .type('image/webp')
      .header('x-content-type-options', 'nosniff')
      .header(
        'cache-control',
        key.startsWith('p/') || key.startsWith('c/')
          ? 'private, max-age=3600'
          : 'public, max-age=31536000, immutable',
      );
    return reply.send(bytes);
  });
};
