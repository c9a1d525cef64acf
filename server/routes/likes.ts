import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { likesEndpoints } from '../../common/api/endpoints/likes';
import {
  autoLikeResponse,
  likeRequest,
  likeResponse,
  likesResponse,
  matchMomentResponse,
  matchMomentSeenRequest,
  matchMomentSeenResponse,
} from '../../common/api/likes';
import { requireMember } from '../plugins/auth';
import { serve } from '../plugins/endpoint';
import {
  assertLikeable,
  checkLikeRate,
  likeMember,
  likesOverview,
  publishLike,
  takeUnseenLike,
  unlikeMember,
} from '../services/discovery/likes';
import { markMatchMomentSeen, matchCard, unseenMatchMoment } from '../services/discovery/match-moments';

const errors = [400, 403, 404, 429] as const;

/** /api/likes.php, /api/auto-like.php and /api/match-moment.php: the logged-in member's likes, both ways. */
export const likesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, now } = app.services;

  serve(
    app,
    likesEndpoints.list,
    {
      summary: 'My received likes (new first), my given likes and the profiles of both',
      schemas: { response: likesResponse },
      errors: [403],
    },
    async (request) => {
      const memberId = await requireMember(request, app.services);
      return likesOverview(db, memberId, request.site.id, now());
    },
  );

  serve(
    app,
    likesEndpoints.like,
    {
      summary: 'Like a member; says whether it is a match',
      schemas: { body: likeRequest, response: likeResponse },
      errors,
    },
    async (request) => {
      const memberId = await requireMember(request, app.services);
      const at = now();
      await checkLikeRate(db, memberId, at);
      const { like, fresh, newMatch } = await likeMember(
        db,
        memberId,
        request.body.member_id,
        request.site.id,
        at,
      );
      publishLike(app.services, memberId, like, fresh ? { at } : null);
      const moment = newMatch ? await matchCard(db, memberId, like.member_id, at) : null;
      return moment ? { like, match_moment: moment } : { like };
    },
  );

  serve(
    app,
    likesEndpoints.unlike,
    { summary: 'Take a like back', schemas: { body: likeRequest, response: likeResponse }, errors },
    async (request) => {
      const memberId = await requireMember(request, app.services);
      await assertLikeable(db, memberId, request.body.member_id, request.site.id);
      return { like: await unlikeMember(db, memberId, request.body.member_id) };
    },
  );

  serve(
    app,
    likesEndpoints.autoLike,
    {
      summary: 'A real member who liked me and whose like I have not seen yet (then seen), or null',
      schemas: { response: autoLikeResponse },
      errors: [403],
    },
    async (request) => {
      const memberId = await requireMember(request, app.services);
      return { profile: await takeUnseenLike(db, memberId, request.site.id, now()) };
    },
  );

  serve(
    app,
    likesEndpoints.matchMoment,
    {
      summary: 'My oldest match whose moment I have not seen yet (the other member liked me back), or null',
      schemas: { response: matchMomentResponse },
      errors: [403],
    },
    async (request) => {
      const memberId = await requireMember(request, app.services);
      return { profile: await unseenMatchMoment(db, memberId, request.site.id, now()) };
    },
  );

  serve(
    app,
    likesEndpoints.matchMomentSeen,
    {
      summary: 'I saw (or closed) the match moment with this member; 404 without a match between us',
      schemas: { body: matchMomentSeenRequest, response: matchMomentSeenResponse },
      errors: [400, 403, 404],
    },
    async (request) => {
      const memberId = await requireMember(request, app.services);
      return { match_moment: await markMatchMomentSeen(db, memberId, request.body.member_id, now()) };
    },
  );
};
