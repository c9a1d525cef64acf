import { describe, expect, test } from 'vitest';
import { REACTIVATION_DAYS } from '../constants';
import { reactivationDaysLeft } from './reactivation';

describe('reactivationDaysLeft', () => {
  const deleted = new Date('2026-05-01T12:00:00Z');
  const at = (ms: number) => new Date(deleted.getTime() + ms);
  test('is the full period right after the deletion, and a day begun counts', () => {
    expect(reactivationDaysLeft(deleted, at(0))).toBe(REACTIVATION_DAYS);
    expect(reactivationDaysLeft(deleted, at(5_000))).toBe(REACTIVATION_DAYS);
    expect(reactivationDaysLeft(deleted, at(86_400_000))).toBe(REACTIVATION_DAYS - 1);
    expect(reactivationDaysLeft(deleted, at(REACTIVATION_DAYS * 86_400_000 - 1))).toBe(1);
  });
  test('is 0 once the period is over', () => {
    expect(reactivationDaysLeft(deleted, at(REACTIVATION_DAYS * 86_400_000))).toBe(0);
    expect(reactivationDaysLeft(deleted, at(30 * 86_400_000))).toBe(0);
  });
});
