import { z } from 'zod';
import { GENDERS, PROFILE_STATUSES } from '../profile-options';

/** A member's id as requests name it (query strings carry it as text). */
export const memberId = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** main_image: addresses of the renditions a viewer may load. */
export const mainImage = z
  .object({
    thumb_filename: z.string(),
    filename: z.string(),
    status: z.enum(['pending', 'approved', 'rejected']),
    match: z.string().describe('the rendition shown in the match modal'),
    locked: z.boolean().describe('a premium photo this viewer sees only blurred'),
  })
  .meta({ id: 'MainImage' });

/** The profile as a card shows it: what any viewer who may see the profile gets. */
export const profileCard = z
  .object({
    id: z.number().int(),
    name: z.string(),
    age: z.number().int(),
    gender: z.enum(GENDERS),
    country: z.string(),
    region: z.string().nullable(),
    status: z.enum(PROFILE_STATUSES),
    premium: z.boolean().describe('a premium (paying) member: the premium badge'),
    online: z.boolean().describe('active within the last few minutes'),
    fictional: z
      .boolean()
      .describe("a profile the site flags fictional: show the site's fictional_* disclosure"),
    main_image: mainImage.nullable(),
  })
  .meta({ id: 'ProfileCard' });
export type ProfileCard = z.infer<typeof profileCard>;
