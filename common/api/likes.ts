import { z } from 'zod';
import { memberId, profileCard } from './profile';

export const LIKE_TYPES = ['received', 'given', 'matches'] as const;
export type LikeType = (typeof LIKE_TYPES)[number];

/** POST and DELETE /api/likes.php: like or unlike one member. */
export const likeRequest = z.object({ member_id: memberId }).strict();
export type LikeRequest = z.infer<typeof likeRequest>;

/** `match` is true when the liked member likes the viewer too (a like both ways). */
export const likeResponse = z.object({
  like: z.object({ member_id: z.number().int(), liked: z.boolean(), match: z.boolean() }),
});
export type LikeResponse = z.infer<typeof likeResponse>;

/**
 * GET /api/likes.php (SPEC §7): `profiles` holds every member in a like with the viewer, either way;
 * `liked_by` the members who like the viewer, new ones first (`like_new`: not seen yet); `likes`
 * the ids the viewer likes. A match is an id in both lists.
 */
export const likesResponse = z.object({
  profiles: z.array(profileCard),
  liked_by: z.array(z.object({ id: z.number().int(), like_new: z.boolean() })),
  likes: z.array(z.number().int()),
});
export type LikesResponse = z.infer<typeof likesResponse>;
