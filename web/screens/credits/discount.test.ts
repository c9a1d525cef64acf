import { describe, expect, it } from 'vitest';
import { chooseDiscount, codeFor, priceFor } from './discount';
import { clockText, formatMoney, timeLeftParts } from './money';
import { code, PACKAGES } from './test-support';

const NOW = Date.parse('2025-06-01T12:00:00Z');
const base = { eligible: true, entered: null, timeBonus: null, welcome: null, refused: [], now: NOW };
const bonus = { code: 'TIMEBONUS25', endsAt: NOW + 60_000 };
const welcome = code('WELCOME-7', 25, { expires: new Date(NOW + 3_600_000).toISOString() });

describe('the active discount', () => {
  it('is the entered code first, then the running time bonus, then the welcome code', () => {
    expect(chooseDiscount({ ...base, entered: 'SUMMER10', timeBonus: bonus, welcome })?.code).toBe(
      'SUMMER10',
    );
    expect(chooseDiscount({ ...base, timeBonus: bonus, welcome })).toEqual({
      code: 'TIMEBONUS25',
      source: 'timeBonus',
      endsAt: bonus.endsAt,
    });
    expect(chooseDiscount({ ...base, welcome })?.source).toBe('welcome');
    expect(chooseDiscount(base)).toBeNull();
  });

  it('passes over a time bonus at its end, and a welcome code expired, inactive or refused', () => {
    expect(chooseDiscount({ ...base, timeBonus: { ...bonus, endsAt: NOW }, welcome })?.code).toBe(
      'WELCOME-7',
    );
    expect(chooseDiscount({ ...base, welcome: { ...welcome, expired: true } })).toBeNull();
    expect(chooseDiscount({ ...base, welcome: { ...welcome, status: 'inactive' } })).toBeNull();
    expect(
      chooseDiscount({ ...base, welcome: { ...welcome, expires: new Date(NOW - 1).toISOString() } }),
    ).toBeNull();
    expect(chooseDiscount({ ...base, timeBonus: bonus, welcome, refused: ['TIMEBONUS25'] })?.code).toBe(
      'WELCOME-7',
    );
  });

  it('gives a member who has paid no automatic discount, but the code they entered', () => {
    expect(chooseDiscount({ ...base, eligible: false, timeBonus: bonus, welcome })).toBeNull();
    expect(chooseDiscount({ ...base, eligible: false, entered: 'SUMMER10' })?.source).toBe('entered');
  });
});

describe('the code a package is paid with', () => {
  const discounted = { ...(PACKAGES[1] as (typeof PACKAGES)[number]), discounted_price: 2246 };
  const idealOnly = code('BANK15', 10, { paymentmethods: ['ideal'] });

  it('is the applied code where it lowered the price and allows the method', () => {
    expect(codeFor(discounted, 'paypal', code('ANY', 10))).toBe('ANY');
    expect(codeFor(discounted, 'ideal', idealOnly)).toBe('BANK15');
    expect(codeFor(discounted, 'paypal', idealOnly)).toBeNull();
    expect(codeFor({ ...discounted, discounted_price: null }, 'ideal', idealOnly)).toBeNull();
    expect(priceFor(discounted, 'paypal', idealOnly)).toEqual({
      amount: 2495,
      listPrice: null,
      code: null,
      percentage: 0,
    });
    expect(priceFor(discounted, 'ideal', idealOnly)).toEqual({
      amount: 2246,
      listPrice: 2495,
      code: 'BANK15',
      percentage: 10,
    });
  });
});

describe('formats', () => {
  it('formats cents in the currency and language', () => {
    expect(formatMoney(1495, 'EUR', 'en')).toBe('€14.95');
    expect(formatMoney(1495, 'EUR', 'nl')).toMatch(/^€\s14,95$/);
    expect(formatMoney(4900, 'PLN', 'pl')).toMatch(/^49,00\s?zł$/);
    expect(formatMoney(9900, 'NOK', 'nb')).toMatch(/99,00/);
  });

  it('shows the countdown as hh:mm:ss and the welcome time in hours or minutes', () => {
    expect(clockText(14_400_000)).toBe('04:00:00');
    expect(clockText(3_725_400)).toBe('01:02:06');
    expect(clockText(-5)).toBe('00:00:00');
    expect(timeLeftParts(3 * 3_600_000 - 60_000)).toEqual({ unit: 'hours', count: 2 });
    expect(timeLeftParts(59 * 60_000)).toEqual({ unit: 'minutes', count: 59 });
    expect(timeLeftParts(10_000)).toEqual({ unit: 'minutes', count: 1 });
  });
});
