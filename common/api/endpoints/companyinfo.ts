import type { companyInfoResponse } from '../company';
import { endpoint } from '../contract';

/** The company behind the site. */
export const companyInfoEndpoints = {
  get: endpoint<{ response: typeof companyInfoResponse }>('GET', '/api/companyinfo.php'),
};
