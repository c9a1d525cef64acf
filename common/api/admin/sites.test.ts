import { describe, expect, test } from 'vitest';
import { LOCALES } from '../../constants';
import { discountCodeCreate, GIFT_SLUGS, packageEdit, siteCurrencies, siteMethods } from './sites';

describe('the sites contract', () => {
  test.each([...LOCALES])('every gift the console can add has a name in the %s catalog', async (lng) => {
    const catalog = (await import(`../../locales/${lng}.json`)).default as { gifts: Record<string, string> };
    for (const slug of GIFT_SLUGS) expect(catalog.gifts[slug], `${lng} gifts.${slug}`).toBeTruthy();
  });

  test("a site's methods and currencies are those of its countries", () => {
    expect(siteMethods(['NL', 'GB'])).toEqual(
      expect.arrayContaining(['ideal', 'creditcard', 'paypal', 'banktransfer', 'directdebit']),
    );
    expect(siteMethods(['GB'])).not.toContain('ideal');
    expect(siteCurrencies(['NL', 'BE', 'GB', 'CH'])).toEqual(['CHF', 'EUR', 'GBP']);
  });

  test('a code is upper-cased and must not be a code the site makes itself', () => {
    const base = {
      site_id: 1,
      value_percentage: 10,
      country: null,
      currency: null,
      minimum_order_value: 0,
      payment_methods: [],
      expires: null,
      validity: 'once_per_user',
      max_uses: null,
    };
    expect(discountCodeCreate.parse({ ...base, code: ' summer-10 ' }).code).toBe('SUMMER-10');
    expect(discountCodeCreate.safeParse({ ...base, code: 'welcome25' }).success).toBe(false);
    expect(discountCodeCreate.safeParse({ ...base, code: 'ab' }).success).toBe(false);
  });

  test('prices are whole cents within the bounds, in a known currency', () => {
    expect(packageEdit.safeParse({ prices: { EUR: 1995 } }).success).toBe(true);
    for (const prices of [{ EUR: 0 }, { EUR: 10_000_001 }, { EUR: 19.95 }, { XYZ: 100 }, { eur: 100 }])
      expect(packageEdit.safeParse({ prices }).success, JSON.stringify(prices)).toBe(false);
    expect(packageEdit.safeParse({ country_prices: { XX: 100 } }).success).toBe(false);
  });
});
