import type {
  adminDiscountCodeResponse,
  adminDiscountCodesResponse,
  adminGiftResponse,
  adminGiftsResponse,
  adminPackageResponse,
  adminPackagesResponse,
  adminSiteResponse,
  adminSitesResponse,
  discountCodeCreate,
  discountCodeEdit,
  giftCreate,
  giftEdit,
  idQuery,
  packageCreate,
  packageDeletedResponse,
  packageEdit,
  siteIdQuery,
  siteSettingsEdit,
} from '../../admin/sites';
import { endpoint } from '../../contract';

/** The sites screen: sites' settings, credit packages, discount codes and the gift catalogue. */
export const adminSitesEndpoints = {
  sites: endpoint<{ response: typeof adminSitesResponse }>('GET', '/api/admin/sites.php'),
  site: endpoint<{ query: typeof idQuery; response: typeof adminSiteResponse }>('GET', '/api/admin/site.php'),
  saveSite: endpoint<{
    query: typeof idQuery;
    body: typeof siteSettingsEdit;
    response: typeof adminSiteResponse;
  }>('PUT', '/api/admin/site.php'),
  packages: endpoint<{ query: typeof siteIdQuery; response: typeof adminPackagesResponse }>(
    'GET',
    '/api/admin/packages.php',
  ),
  createPackage: endpoint<{ body: typeof packageCreate; response: typeof adminPackageResponse }>(
    'POST',
    '/api/admin/packages.php',
  ),
  editPackage: endpoint<{
    query: typeof idQuery;
    body: typeof packageEdit;
    response: typeof adminPackageResponse;
  }>('PATCH', '/api/admin/packages.php'),
  deletePackage: endpoint<{ query: typeof idQuery; response: typeof packageDeletedResponse }>(
    'DELETE',
    '/api/admin/packages.php',
  ),
  discountCodes: endpoint<{ query: typeof siteIdQuery; response: typeof adminDiscountCodesResponse }>(
    'GET',
    '/api/admin/discount-codes.php',
  ),
  createDiscountCode: endpoint<{
    body: typeof discountCodeCreate;
    response: typeof adminDiscountCodeResponse;
  }>('POST', '/api/admin/discount-codes.php'),
  editDiscountCode: endpoint<{
    query: typeof idQuery;
    body: typeof discountCodeEdit;
    response: typeof adminDiscountCodeResponse;
  }>('PATCH', '/api/admin/discount-codes.php'),
  gifts: endpoint<{ response: typeof adminGiftsResponse }>('GET', '/api/admin/gifts.php'),
  createGift: endpoint<{ body: typeof giftCreate; response: typeof adminGiftResponse }>(
    'POST',
    '/api/admin/gifts.php',
  ),
  editGift: endpoint<{ query: typeof idQuery; body: typeof giftEdit; response: typeof adminGiftResponse }>(
    'PATCH',
    '/api/admin/gifts.php',
  ),
};
