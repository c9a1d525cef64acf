import { z } from 'zod';
import { profileCard } from './profile';

export const showcaseQuery = z.object({
  network: z.string().max(100).optional().describe('tracking network the visitor came with'),
  niche: z.coerce
    .number()
    .int()
    .min(1)
    .max(7)
    .optional()
    .describe("a lander's niche: its audience first (women for milf, men for gay…), then anyone"),
  count: z.coerce.number().int().min(1).max(24).optional().describe('how many members (default 12)'),
});

/** `allowed` is false when the site's logged_out_search setting hides members from visitors. */
export const showcaseResponse = z.object({ allowed: z.boolean(), profiles: z.array(profileCard).max(24) });
export type ShowcaseResponse = z.infer<typeof showcaseResponse>;
