import type { figuresQuery, figuresResponse, revenueResponse } from '../../admin/figures';
import { endpoint } from '../../contract';

/** The console's figures: counts per day, network and lander, and money per currency and day. */
export const adminFiguresEndpoints = {
  figures: endpoint<{ query: typeof figuresQuery; response: typeof figuresResponse }>(
    'GET',
    '/api/admin/figures.php',
  ),
  revenue: endpoint<{ query: typeof figuresQuery; response: typeof revenueResponse }>(
    'GET',
    '/api/admin/revenue.php',
  ),
};
