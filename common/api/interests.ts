import { z } from 'zod';
import { LOCALES } from '../constants';

export const interest = z
  .object({
    id: z.number().int(),
    slug: z.string(),
    icon: z.string(),
    label: z.string(),
  })
  .meta({ id: 'Interest' });
export type Interest = z.infer<typeof interest>;

export const interestsQuery = z.object({ lang: z.enum(LOCALES).optional() });
export const interestsResponse = z.object({ interests: z.array(interest) });
export type InterestsResponse = z.infer<typeof interestsResponse>;
