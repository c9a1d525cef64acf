import { useQuery } from '@tanstack/react-query';
import { giftsEndpoints } from '../../common/api/endpoints/gifts';
import { call } from './client';

export const giftsKey = ['gifts'] as const;

/** GET /api/gifts.php: the site's gift catalogue, priced; it changes rarely, so once per page load. */
export function useGifts(enabled = true) {
  return useQuery({
    queryKey: giftsKey,
    queryFn: () => call(giftsEndpoints.list),
    select: (d) => d.gifts,
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
