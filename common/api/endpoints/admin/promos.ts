import type { figuresQuery } from '../../admin/figures';
import type {
  adminPromoResponse,
  adminPromosResponse,
  promoClicksResponse,
  promoCreate,
  promoDeletedResponse,
  promoDomainsEdit,
  promoDomainsResponse,
  promoEdit,
  promoIdQuery,
  promoPictureResponse,
  promoSiteQuery,
} from '../../admin/promos';
import { endpoint } from '../../contract';

/** The promos screen: promo profiles per site, their partner hosts, and the clicks through to them. */
export const adminPromosEndpoints = {
  list: endpoint<{ query: typeof promoSiteQuery; response: typeof adminPromosResponse }>(
    'GET',
    '/api/admin/promos.php',
  ),
  create: endpoint<{ body: typeof promoCreate; response: typeof adminPromoResponse }>(
    'POST',
    '/api/admin/promos.php',
  ),
  edit: endpoint<{ query: typeof promoIdQuery; body: typeof promoEdit; response: typeof adminPromoResponse }>(
    'PATCH',
    '/api/admin/promos.php',
  ),
  remove: endpoint<{ query: typeof promoIdQuery; response: typeof promoDeletedResponse }>(
    'DELETE',
    '/api/admin/promos.php',
  ),
  picture: endpoint<{ query: typeof promoIdQuery; response: typeof promoPictureResponse }>(
    'POST',
    '/api/admin/promo-picture.php',
  ),
  domains: endpoint<{ query: typeof promoSiteQuery; response: typeof promoDomainsResponse }>(
    'GET',
    '/api/admin/promo-domains.php',
  ),
  saveDomains: endpoint<{
    query: typeof promoSiteQuery;
    body: typeof promoDomainsEdit;
    response: typeof promoDomainsResponse;
  }>('PUT', '/api/admin/promo-domains.php'),
  clicks: endpoint<{ query: typeof figuresQuery; response: typeof promoClicksResponse }>(
    'GET',
    '/api/admin/promo-clicks.php',
  ),
};
