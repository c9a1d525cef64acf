import { z } from 'zod';
import {
  BODY_TYPES,
  EYE_COLOURS,
  HAIR_COLOURS,
  REASONS,
  RELATIONSHIP_STATUSES,
  SEXUALITIES,
  TATTOOS,
} from '../profile-options';
import { memberId, profileCard } from './profile';

/** GET /api/member.php?id=N: one member's profile as the asking viewer may see it. */
export const memberQuery = z.object({
  id: memberId,
  network: z.string().max(100).optional().describe('tracking network the visitor came with'),
});

/**
 * One photo of the overview. A premium photo for a viewer without premium carries only the blurred
 * rendition's address in both fields, with `locked: true`: the original never reaches that viewer.
 */
export const memberPhoto = z
  .object({
    id: z.number().int(),
    thumb_filename: z.string(),
    filename: z.string(),
    locked: z.boolean(),
    main: z.boolean(),
  })
  .meta({ id: 'MemberPhoto' });
export type MemberPhoto = z.infer<typeof memberPhoto>;

/**
 * The profile view: the card, plus those of the site's `visible_profile_fields` the site shows
 * (a field the site hides is absent; a field the member left empty is null), `about` only when
 * the site shows profile notes, the approved photos in order, and the viewer's relation to them.
 */
export const memberProfile = profileCard
  .extend({
    sexuality: z.enum(SEXUALITIES).optional(),
    relationship_status: z.enum(RELATIONSHIP_STATUSES).nullable().optional(),
    hair_colour: z.enum(HAIR_COLOURS).nullable().optional(),
    eye_colour: z.enum(EYE_COLOURS).nullable().optional(),
    body_type: z.enum(BODY_TYPES).nullable().optional(),
    tattoos: z.enum(TATTOOS).nullable().optional(),
    reason: z.enum(REASONS).nullable().optional(),
    interests: z.array(z.number().int()).optional().describe('interest ids of GET /api/interests.php'),
    about: z.string().optional(),
    photos: z.array(memberPhoto),
    liked: z.boolean().describe('the viewer likes this member'),
    likes_you: z.boolean().describe('this member likes the viewer'),
    match: z.boolean().describe('a like both ways'),
    own: z.boolean().describe("the viewer's own profile"),
  })
  .meta({ id: 'MemberProfile' });
export type MemberProfile = z.infer<typeof memberProfile>;

export const memberResponse = z.object({ profile: memberProfile });
export type MemberResponse = z.infer<typeof memberResponse>;
