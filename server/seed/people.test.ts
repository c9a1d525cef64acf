import { describe, expect, it } from 'vitest';
import { ageOn } from '../../common/rules/age';
import { emailSlug } from './names';
import { birthDateFor } from './people';
import { createRng } from './rng';

describe('birthDateFor', () => {
  it('gives a birth date of exactly the asked age, leap days included', () => {
    const rng = createRng(7);
    const days = ['2024-02-29', '2025-03-01', '2025-12-31', '2026-01-01', '2026-06-15'];
    for (const day of days) {
      const now = new Date(`${day}T23:30:00Z`);
      for (let i = 0; i < 300; i++) {
        const age = 18 + (i % 63);
        expect(ageOn(birthDateFor(age, now, rng), now)).toBe(age);
      }
    }
  });
});

describe('emailSlug', () => {
  it('makes names with accents, spaces and ligatures safe for an address', () => {
    expect(emailSlug('Zoë Ångström')).toBe('zoeangstrom');
    expect(emailSlug('Łukasz')).toBe('lukasz');
    expect(emailSlug('Søren')).toBe('soren');
    expect(emailSlug('Jean-Marie')).toBe('jeanmarie');
    expect(emailSlug('…')).toBe('member');
  });
});
