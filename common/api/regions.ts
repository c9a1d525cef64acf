import { z } from 'zod';
import { countryCode } from './fields';

export const region = z
  .object({
    code: z.string(),
    country: countryCode,
    name: z.string(),
  })
  .meta({ id: 'Region' });
export type Region = z.infer<typeof region>;

export const regionsQuery = z.object({ country: countryCode.optional() });
export const regionsResponse = z.object({ regions: z.array(region) });
export type RegionsResponse = z.infer<typeof regionsResponse>;
