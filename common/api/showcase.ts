import { z } from 'zod';
import { profileCard } from './profile';

export const showcaseQuery = z.object({
  network: z.string().max(100).optional().describe('tracking network the visitor came with'),
});

/** `allowed` is false when the site's logged_out_search setting hides members from visitors. */
export const showcaseResponse = z.object({ allowed: z.boolean(), profiles: z.array(profileCard).max(24) });
export type ShowcaseResponse = z.infer<typeof showcaseResponse>;
