import { useQuery } from '@tanstack/react-query';
import { promosEndpoints } from '../../common/api/endpoints/promos';
import type { PromoCard } from '../../common/api/promos';
import { readTracking } from '../state/tracking';
import { call } from './client';

export const promosKey = ['promos'] as const;

/**
 * GET /api/promos.php: the partner promos shown to this viewer now. A failure shows no promos:
 * the member list around them works without.
 */
export function usePromos() {
  return useQuery({
    queryKey: promosKey,
    queryFn: () => call(promosEndpoints.list),
    staleTime: 5 * 60_000,
    retry: false,
  });
}

/** GET /api/promo.php?id=: one promo, for its own screen. */
export function usePromo(id: number) {
  return useQuery({
    queryKey: ['promo', id],
    queryFn: () => call(promosEndpoints.get, { query: { id } }),
    enabled: id > 0,
    retry: false,
  });
}

/** The button's address: the server's click route, with the visitor's traffic network for the figures. */
export function promoClickHref(promo: Pick<PromoCard, 'click_url'>): string {
  const network = readTracking().network;
  return network ? `${promo.click_url}&network=${encodeURIComponent(network)}` : promo.click_url;
}
