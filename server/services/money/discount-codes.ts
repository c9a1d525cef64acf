import type { Db, Tx } from '../../db/client';
import { discountCodes } from '../../db/schema';
import type { SiteConfig } from '../sites/site-config';

type CodeConfig = NonNullable<SiteConfig['discount_codes']>[number];

/**
 * Writes the discount codes a site's sites-file entry names (by code; a code left out of the file
 * stays as it is, so codes made elsewhere are not lost). Member-bound codes are made elsewhere.
 */
export async function syncDiscountCodes(db: Db | Tx, siteId: number, list: CodeConfig[]): Promise<void> {
  for (const c of list) {
    const row = {
      siteId,
      code: c.code,
      valuePercentage: c.value_percentage,
      country: c.country,
      currency: c.currency,
      minimumOrderValue: c.minimum_order_value,
      expires: c.expires ? new Date(c.expires) : null,
      validity: c.validity,
      paymentMethods: c.payment_methods,
      status: c.status,
    };
    await db
      .insert(discountCodes)
      .values(row)
      .onConflictDoUpdate({ target: [discountCodes.siteId, discountCodes.code], set: row });
  }
}
