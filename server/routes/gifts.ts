import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { giftsResponse } from '../../common/api/chats';
import { giftsEndpoints } from '../../common/api/endpoints/gifts';
import { serve } from '../plugins/endpoint';
import { activeGifts } from '../services/chat/gifts';

/** GET /api/gifts.php: the gift catalogue priced for this site; visitors see it too (the gift button asks them to log in). */
export const giftsRoutes: FastifyPluginAsyncZod = async (app) => {
  serve(
    app,
    giftsEndpoints.list,
    {
      summary: 'The gifts one can send in a chat, with their price here',
      schemas: { response: giftsResponse },
    },
    async (request) => ({ gifts: await activeGifts(app.services.gifts, request.site) }),
  );
};
