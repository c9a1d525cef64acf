import { describe, expect, test } from 'vitest';
import { nextSiteMidnight, startOfSiteDay } from './site-day';

const at = (iso: string) => new Date(iso);
const iso = (d: Date) => d.toISOString();

describe('the site day', () => {
  test('starts and ends at local midnight, in winter and summer time', () => {
    // Amsterdam is UTC+1 in January and UTC+2 in July.
    expect(iso(startOfSiteDay(at('2026-01-15T12:00:00Z'), 'Europe/Amsterdam'))).toBe(
      '2026-01-14T23:00:00.000Z',
    );
    expect(iso(nextSiteMidnight(at('2026-01-15T12:00:00Z'), 'Europe/Amsterdam'))).toBe(
      '2026-01-15T23:00:00.000Z',
    );
    expect(iso(startOfSiteDay(at('2026-07-15T12:00:00Z'), 'Europe/Amsterdam'))).toBe(
      '2026-07-14T22:00:00.000Z',
    );
    expect(iso(nextSiteMidnight(at('2026-07-15T12:00:00Z'), 'Europe/Amsterdam'))).toBe(
      '2026-07-15T22:00:00.000Z',
    );
  });

  test('is the local date, not the UTC date, around midnight', () => {
    // 23:30 UTC on the 15th is already 00:30 on the 16th in Amsterdam, but still the 15th in London.
    const late = at('2026-01-15T23:30:00Z');
    expect(iso(startOfSiteDay(late, 'Europe/Amsterdam'))).toBe('2026-01-15T23:00:00.000Z');
    expect(iso(startOfSiteDay(late, 'Europe/London'))).toBe('2026-01-15T00:00:00.000Z');
    expect(iso(nextSiteMidnight(late, 'Europe/London'))).toBe('2026-01-16T00:00:00.000Z');
    // Exactly at midnight a new day has begun.
    const midnight = at('2026-01-15T23:00:00Z');
    expect(iso(startOfSiteDay(midnight, 'Europe/Amsterdam'))).toBe(iso(midnight));
    expect(iso(nextSiteMidnight(midnight, 'Europe/Amsterdam'))).toBe('2026-01-16T23:00:00.000Z');
    expect(iso(startOfSiteDay(at('2026-01-15T22:59:59Z'), 'Europe/Amsterdam'))).toBe(
      '2026-01-14T23:00:00.000Z',
    );
  });

  test('has 23 hours on the day summer time starts and 25 on the day it ends', () => {
    // 29 March 2026: Europe's clocks jump from 02:00 to 03:00; 25 October 2026: back from 03:00 to 02:00.
    const spring = at('2026-03-29T10:00:00Z');
    const springLength =
      nextSiteMidnight(spring, 'Europe/Berlin').getTime() - startOfSiteDay(spring, 'Europe/Berlin').getTime();
    expect(iso(startOfSiteDay(spring, 'Europe/Berlin'))).toBe('2026-03-28T23:00:00.000Z');
    expect(springLength).toBe(23 * 3_600_000);
    const autumn = at('2026-10-25T10:00:00Z');
    const autumnLength =
      nextSiteMidnight(autumn, 'Europe/Berlin').getTime() - startOfSiteDay(autumn, 'Europe/Berlin').getTime();
    expect(iso(startOfSiteDay(autumn, 'Europe/Berlin'))).toBe('2026-10-24T22:00:00.000Z');
    expect(autumnLength).toBe(25 * 3_600_000);
  });

  test('starts at the jump where summer time begins at midnight and 00:00 never happens', () => {
    // Chile, 6 September 2026: at 00:00 (UTC-4) the clocks jump to 01:00 (UTC-3), i.e. 04:00 UTC.
    expect(iso(startOfSiteDay(at('2026-09-06T15:00:00Z'), 'America/Santiago'))).toBe(
      '2026-09-06T04:00:00.000Z',
    );
    expect(iso(nextSiteMidnight(at('2026-09-05T15:00:00Z'), 'America/Santiago'))).toBe(
      '2026-09-06T04:00:00.000Z',
    );
  });

  test('works east of UTC across the date line', () => {
    expect(iso(startOfSiteDay(at('2026-01-15T12:00:00Z'), 'Pacific/Auckland'))).toBe(
      '2026-01-15T11:00:00.000Z',
    );
    expect(iso(nextSiteMidnight(at('2026-01-15T10:00:00Z'), 'Pacific/Auckland'))).toBe(
      '2026-01-15T11:00:00.000Z',
    );
  });
});
