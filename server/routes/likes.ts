import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse } from '../../common/api/errors';
import { autoLikeResponse, likeRequest, likeResponse, likesResponse } from '../../common/api/likes';
import { requireMember } from '../plugins/auth';
import {
  assertLikeable,
  checkLikeRate,
  likeMember,
  likesOverview,
  publishLike,
  takeUnseenLike,
  unlikeMember,
} from '../services/discovery/likes';

const errors = { 400: errorResponse, 403: errorResponse, 404: errorResponse, 429: errorResponse };

/** /api/likes.php (SPEC §7) and /api/auto-like.php: the logged-in member's likes, both ways. */
export const likesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, now } = app.services;

  app.get(
    '/api/likes.php',
    {
      schema: {
        summary: 'My received likes (new first), my given likes and the profiles of both',
        response: { 200: likesResponse, 403: errorResponse },
      },
    },
    async (request) => {
      const memberId = await requireMember(request, app.services);
      return likesOverview(db, memberId, request.site.id, now());
    },
  );

  app.post(
    '/api/likes.php',
    {
      schema: {
        summary: 'Like a member; says whether it is a match',
        body: likeRequest,
        response: { 200: likeResponse, ...errors },
      },
    },
    async (request) => {
      const memberId = await requireMember(request, app.services);
      const at = now();
      await checkLikeRate(db, memberId, at);
      const { like, fresh } = await likeMember(db, memberId, request.body.member_id, request.site.id, at);
      publishLike(app.services, memberId, like, fresh ? { at } : null);
      return { like };
    },
  );

  app.delete(
    '/api/likes.php',
    {
      schema: { summary: 'Take a like back', body: likeRequest, response: { 200: likeResponse, ...errors } },
    },
    async (request) => {
      const memberId = await requireMember(request, app.services);
      await assertLikeable(db, memberId, request.body.member_id, request.site.id);
      return { like: await unlikeMember(db, memberId, request.body.member_id) };
    },
  );

  app.get(
    '/api/auto-like.php',
    {
      schema: {
        summary: 'A real member who liked me and whose like I have not seen yet (then seen), or null',
        response: { 200: autoLikeResponse, 403: errorResponse },
      },
    },
    async (request) => {
      const memberId = await requireMember(request, app.services);
      return { profile: await takeUnseenLike(db, memberId, request.site.id, now()) };
    },
  );
};
