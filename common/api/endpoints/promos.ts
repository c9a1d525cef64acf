import { endpoint } from '../contract';
import type { promoQuery, promoResponse, promosResponse } from '../promos';

/** Promo profiles of partner sites, shown as advertisements (the click is a plain redirect route). */
export const promosEndpoints = {
  list: endpoint<{ response: typeof promosResponse }>('GET', '/api/promos.php'),
  get: endpoint<{ query: typeof promoQuery; response: typeof promoResponse }>('GET', '/api/promo.php'),
};
