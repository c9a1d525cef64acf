import { describe, expect, test } from 'vitest';
import { currencyFor, methodsFor } from './payment-methods';

describe('methodsFor', () => {
  test.each([
    ['NL', ['ideal']],
    ['BE', ['bancontact']],
    ['AT', ['eps', 'sofort']],
    ['DE', ['giropay', 'sofort']],
    ['PL', ['blik', 'przelewy24']],
    ['IT', ['postepay', 'nexi']],
    ['FR', ['cartebancaire']],
    ['DK', ['dankort']],
  ])('%s offers its own methods first, then cards, PayPal and Apple Pay', (country, local) => {
    const list = methodsFor(country);
    expect(list.slice(0, local.length)).toEqual(local);
    expect(list).toEqual(expect.arrayContaining(['creditcard', 'paypal', 'applepay', 'paysafecard']));
  });

  test('direct debit only where SEPA reaches an euro account; bank transfer also in PL and DK', () => {
    expect(methodsFor('NL')).toContain('directdebit');
    expect(methodsFor('GB')).not.toContain('directdebit');
    expect(methodsFor('PL')).not.toContain('directdebit');
    expect(methodsFor('PL')).toContain('banktransfer');
    expect(methodsFor('US')).not.toContain('banktransfer');
    expect(methodsFor('NL')).not.toContain('bancontact');
  });

  test('each country pays in its currency; an unknown one in euro', () => {
    expect(currencyFor('GB')).toBe('GBP');
    expect(currencyFor('DK')).toBe('DKK');
    expect(currencyFor('NL')).toBe('EUR');
    expect(currencyFor('ZZ')).toBe('EUR');
  });
});
