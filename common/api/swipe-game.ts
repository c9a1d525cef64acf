import { z } from 'zod';
import { memberId, profileCard } from './profile';

/** How many cards one GET of the swipe game deals. */
export const SWIPE_STACK_SIZE = 10;

/** The day's likes: what is left, the daily number, and when the next day's likes come (ISO instant). */
export const swipeQuota = z.object({
  likes_left: z.number().int().nonnegative(),
  likes_per_day: z.number().int().positive(),
  resets_at: z.string().describe("the next midnight in the site's time zone"),
});
export type SwipeQuota = z.infer<typeof swipeQuota>;

/** GET /api/swipe-game.php: the next cards (photos first) and the day's likes. */
export const swipeStackResponse = z.object({ profiles: z.array(profileCard), quota: swipeQuota });
export type SwipeStackResponse = z.infer<typeof swipeStackResponse>;

/** POST /api/swipe-game.php: a like (`liked: true`) or a pass on one card. */
export const swipeRequest = z.object({ member_id: memberId, liked: z.boolean() }).strict();

/** `match`: the liked member likes the swiper too. */
export const swipeResponse = z.object({
  swipe: z.object({ member_id: z.number().int(), liked: z.boolean(), match: z.boolean() }),
  quota: swipeQuota,
  /** With the like that made a match: the card for the viewer's match moment (as on /api/likes.php). */
  match_moment: profileCard.optional(),
});
export type SwipeResponse = z.infer<typeof swipeResponse>;
