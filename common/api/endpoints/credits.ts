import { endpoint } from '../contract';
import type {
  creditsQuery,
  creditsResponse,
  discountCodeQuery,
  discountCodeResponse,
  timeBonusResponse,
} from '../payments';

/** The price quote, a discount code checked, and the time bonus. */
export const creditsEndpoints = {
  quote: endpoint<{ query: typeof creditsQuery; response: typeof creditsResponse }>(
    'GET',
    '/api/credits.php',
  ),
  discountCode: endpoint<{ query: typeof discountCodeQuery; response: typeof discountCodeResponse }>(
    'GET',
    '/api/discountcode.php',
  ),
  timeBonus: endpoint<{ response: typeof timeBonusResponse }>('GET', '/api/timebonus.php'),
};
