import { z } from 'zod';
import { profileCard } from './profile';

/** At most this many suggestions at a time. */
export const MATCH_FINDER_SIZE = 24;

/**
 * Why a member is suggested, as data the screen words in the viewer's language:
 * shared interests, the same region, and ages that fit each other's wishes both ways.
 */
export const matchReason = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('interests'), count: z.number().int().positive() }),
  z.object({ kind: z.literal('region'), name: z.string() }),
  z.object({ kind: z.literal('age') }),
]);
export type MatchReason = z.infer<typeof matchReason>;

/** The preferences the finder needs and the member has not filled in yet. */
export const MATCH_PREFERENCES = ['seeking_gender', 'seeking_age'] as const;
export type MatchPreference = (typeof MATCH_PREFERENCES)[number];

/** GET /api/match-finder.php: the best-fitting members first, each with its reasons. */
export const matchFinderResponse = z.object({
  suggestions: z.array(z.object({ profile: profileCard, reasons: z.array(matchReason) })),
  missing_preferences: z.array(z.enum(MATCH_PREFERENCES)),
});
export type MatchFinderResponse = z.infer<typeof matchFinderResponse>;
