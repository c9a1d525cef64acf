import { endpoint } from '../contract';
import type { swipeRequest, swipeResponse, swipeStackResponse } from '../swipe-game';

/** The swipe game: the next cards, and a like or a pass on one. */
export const swipeGameEndpoints = {
  stack: endpoint<{ response: typeof swipeStackResponse }>('GET', '/api/swipe-game.php'),
  swipe: endpoint<{ body: typeof swipeRequest; response: typeof swipeResponse }>(
    'POST',
    '/api/swipe-game.php',
  ),
};
