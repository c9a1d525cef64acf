import { describe, expect, it } from 'vitest';
import { cleanPhone, termsVersionDate } from './company';

describe('company rules', () => {
  it('removes dashes and spaces from the support phone', () => {
    expect(cleanPhone('020 - 123 45 67')).toBe('0201234567');
    expect(cleanPhone('+49 30-1234-5678')).toBe('+493012345678');
  });

  it('dates the terms 2023-12-01T12:00Z unless the company was added later', () => {
    expect(termsVersionDate('2022-06-01T00:00:00Z').toISOString()).toBe('2023-12-01T12:00:00.000Z');
    expect(termsVersionDate('2024-03-15T09:00:00Z').toISOString()).toBe('2024-03-15T09:00:00.000Z');
    expect(termsVersionDate(null).toISOString()).toBe('2023-12-01T12:00:00.000Z');
    expect(termsVersionDate('not a date').toISOString()).toBe('2023-12-01T12:00:00.000Z');
  });
});
