import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { swipeGameEndpoints } from '../../common/api/endpoints/swipe-game';
import { swipeRequest, swipeResponse, swipeStackResponse } from '../../common/api/swipe-game';
import { requireMember } from '../plugins/auth';
import { serve } from '../plugins/endpoint';
import { publishLike } from '../services/discovery/likes';
import { matchCard } from '../services/discovery/match-moments';
import { swipe, swipeStack } from '../services/discovery/swipe-game';

/** /api/swipe-game.php: the next cards of the swipe game, and a like or a pass on one of them. */
export const swipeGameRoutes: FastifyPluginAsyncZod = async (app) => {
  serve(
    app,
    swipeGameEndpoints.stack,
    {
      summary: 'The next cards of the swipe game and the likes left today',
      schemas: { response: swipeStackResponse },
      errors: [403],
    },
    async (request) => {
      const memberId = await requireMember(request, app.services);
      return swipeStack(app.services, request.site, memberId);
    },
  );

  serve(
    app,
    swipeGameEndpoints.swipe,
    {
      summary: 'Like or pass a card; a like beyond the day’s likes answers 429 swipe_limit_reached',
      schemas: { body: swipeRequest, response: swipeResponse },
      errors: [400, 403, 404],
    },
    async (request) => {
      const memberId = await requireMember(request, app.services);
      const { member_id, liked } = request.body;
      const { likedAt, newMatch, ...result } = await swipe(
        app.services,
        request.site,
        memberId,
        member_id,
        liked,
      );
      // A like in the game is a like like any other: the liked member hears of it (a repeat only refetches).
      if (liked && result.swipe.liked)
        publishLike(app.services, memberId, result.swipe, likedAt ? { at: likedAt } : null);
      const moment = newMatch
        ? await matchCard(app.services.db, memberId, member_id, app.services.now())
        : null;
      return moment ? { ...result, match_moment: moment } : result;
    },
  );
};
