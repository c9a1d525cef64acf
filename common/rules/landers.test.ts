import { describe, expect, test } from 'vitest';
import { landerOf, nicheOfSlug } from './landers';

describe('the lander of a page', () => {
  test('landers by name, with or without a slug, query or hash', () => {
    expect(landerOf('/landers/tinderswipe')).toBe('landers/tinderswipe');
    expect(landerOf('/landers/gallery/milf-summer')).toBe('landers/gallery');
    expect(landerOf('/landers/video/?network=x#top')).toBe('landers/video');
  });

  test('member landings, the home page, and everything else', () => {
    for (const p of [
      '/members/12/landing',
      '/members/12/signup',
      '/members/7/landing2/gay-x',
      '/members/7/landing3',
    ])
      expect(landerOf(p), p).toBe('member-landing');
    expect(landerOf('/')).toBe('home');
    expect(landerOf('/?network=x')).toBe('home');
    for (const p of [
      '/landers/unknown',
      '/landers',
      '/members/12',
      '/members/abc/landing',
      '/members',
      '/chats/3',
    ])
      expect(landerOf(p), p).toBe('other');
  });
});

describe('nicheOfSlug', () => {
  test('no slug: the site’s niche', () => {
    expect(nicheOfSlug(undefined, 3)).toBe(3);
    expect(nicheOfSlug('', 1)).toBe(1);
  });
  test.each([
    ['plain', 1],
    ['she-berlin', 2],
    ['bdsm', 3],
    ['bbw-summer-2026', 4],
    ['gilf', 5],
    ['milf-amsterdam', 6],
    ['gay-x1', 7],
  ])('%s picks niche %i by its prefix', (slug, niche) => {
    expect(nicheOfSlug(slug, 1)).toBe(niche);
  });
  test.each(['nope', 'milfs', 'MILF', 'milf-', 'milf_x', '6', 'milf-ämsterdam', `milf-${'x'.repeat(81)}`])(
    '%s is no page',
    (slug) => {
      expect(nicheOfSlug(slug, 1)).toBeNull();
    },
  );
});
