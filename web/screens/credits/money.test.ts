import { describe, expect, it } from 'vitest';
import { formatMoneyRange } from '../../format';
import { clockText, formatMoney, timeLeftParts } from './money';

describe('formats', () => {
  it('formats cents in the currency and language', () => {
    expect(formatMoney(1495, 'EUR', 'en')).toBe('€14.95');
    expect(formatMoney(1495, 'EUR', 'nl')).toMatch(/^€\s14,95$/);
    expect(formatMoney(4900, 'PLN', 'pl')).toMatch(/^49,00\s?zł$/);
    expect(formatMoney(9900, 'NOK', 'nb')).toMatch(/99,00/);
  });

  it('formats a range of amounts, one amount where both ends are equal', () => {
    expect(formatMoneyRange(20, 50, 'EUR', 'en')).toMatch(/^€0\.20\s?–\s?€0\.50$/);
    expect(formatMoneyRange(20, 50, 'EUR', 'nl')).toMatch(/0,20.*0,50/);
    expect(formatMoneyRange(40, 40, 'EUR', 'en')).toBe('€0.40');
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
