import { z } from 'zod';
import { memberId, profileCard } from './profile';

/** POST and DELETE /api/likes.php: like or unlike one member. */
export const likeRequest = z.object({ member_id: memberId }).strict();
export type LikeRequest = z.infer<typeof likeRequest>;

/**
 * `match` is true when the liked member likes the viewer too (a like both ways). `match_moment`
 * comes once, with the like that made the match: the liked member's card for the viewer's match
 * moment (the other member gets theirs from GET /api/match-moment.php).
 */
export const likeResponse = z.object({
  like: z.object({ member_id: z.number().int(), liked: z.boolean(), match: z.boolean() }),
  match_moment: profileCard.optional(),
});
export type LikeResponse = z.infer<typeof likeResponse>;

/**
 * GET /api/likes.php: `profiles` holds every member in a like with the viewer, either way;
 * `liked_by` the members who like the viewer, new ones first (`like_new`: not seen yet); `likes`
 * the ids the viewer likes. A match is an id in both lists.
 */
export const likesResponse = z.object({
  profiles: z.array(profileCard),
  liked_by: z.array(z.object({ id: z.number().int(), like_new: z.boolean() })),
  likes: z.array(z.number().int()),
});
export type LikesResponse = z.infer<typeof likesResponse>;

/**
 * GET /api/likes.php answers at most this many likes each way, newest first (received: new ones
 * first). The whole list drives the badge, the tabs and the matches (ids in both lists), so it is
 * one bounded answer rather than pages: a member with more likes than this sees the newest.
 */
export const LIKES_LIST_CAP = 500;

/**
 * GET /api/auto-like.php: a real member who likes the viewer and whose like the viewer
 * has not seen yet, or null. Never a made-up like (honest by construction).
 */
export const autoLikeResponse = z.object({ profile: profileCard.nullable() });
export type AutoLikeResponse = z.infer<typeof autoLikeResponse>;

/** POST /api/bounce.php: a page left through the `lb` query, logged for the traffic source. */
export const bounceRequest = z
  .object({
    path: z.string().trim().min(1).max(300).startsWith('/'),
    network: z.string().trim().min(1).max(100).optional(),
  })
  .strict();
export type BounceRequest = z.infer<typeof bounceRequest>;
export const bounceResponse = z.object({ bounce: z.object({ recorded: z.literal(true) }) });

/**
 * GET /api/match-moment.php: the viewer's oldest match they have not seen the moment of yet (the
 * other member liked them back while they were away or on another page), as that member's card,
 * or null. Stored on the server, so it shows once on whichever device comes first.
 */
export const matchMomentResponse = z.object({ profile: profileCard.nullable() });
export type MatchMomentResponse = z.infer<typeof matchMomentResponse>;

/** POST /api/match-moment.php: the viewer saw (or closed) the match moment with this member. */
export const matchMomentSeenRequest = z.object({ member_id: memberId }).strict();
export type MatchMomentSeenRequest = z.infer<typeof matchMomentSeenRequest>;
export const matchMomentSeenResponse = z.object({
  match_moment: z.object({ member_id: z.number().int(), seen: z.literal(true) }),
});
