import { describe, expect, test } from 'vitest';
import { badgeText, titleWithCount } from './badge';

describe('badge text (unread badges cap at 99+)', () => {
  test('no badge at zero or less', () => {
    expect(badgeText(0)).toBeNull();
    expect(badgeText(-1)).toBeNull();
    expect(badgeText(Number.NaN)).toBeNull();
  });
  test('the number up to 99, then 99+', () => {
    expect(badgeText(1)).toBe('1');
    expect(badgeText(99)).toBe('99');
    expect(badgeText(100)).toBe('99+');
    expect(badgeText(5000)).toBe('99+');
  });
});

describe('page title with the count', () => {
  test('the total in brackets before the title, uncapped; nothing at zero', () => {
    expect(titleWithCount('Likes – Amora', 3)).toBe('(3) Likes – Amora');
    expect(titleWithCount('Likes – Amora', 120)).toBe('(120) Likes – Amora');
    expect(titleWithCount('Likes – Amora', 0)).toBe('Likes – Amora');
  });
});
