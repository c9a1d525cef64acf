import { describe, expect, test } from 'vitest';
import { hostAllowed, PROMO_CARD_INTERVAL, partnerUrlProblem, withPromos } from './promos';

describe('partner links', () => {
  const allowed = ['cams.example', 'www.live.test'];

  test('http(s) to a listed host or one of its subdomains', () => {
    expect(partnerUrlProblem('https://cams.example/p/anna?aff=12&sub=dating', allowed)).toBeNull();
    expect(partnerUrlProblem('http://models.cams.example/anna', allowed)).toBeNull();
    expect(partnerUrlProblem('https://WWW.LIVE.TEST/x', allowed)).toBeNull();
  });

  test('a foreign host, a look-alike, or a sibling of a listed subdomain is refused', () => {
    expect(partnerUrlProblem('https://evil.example/', allowed)).toBe('host');
    expect(partnerUrlProblem('https://notcams.example/', allowed)).toBe('host');
    expect(partnerUrlProblem('https://cams.example.evil.test/', allowed)).toBe('host');
    expect(partnerUrlProblem('http://other.live.test/', allowed)).toBe('host');
    expect(partnerUrlProblem('https://live.test/', allowed)).toBe('host');
    expect(partnerUrlProblem('https://cams.example/', [])).toBe('host');
  });

  test('anything but an http(s) address is refused', () => {
    expect(partnerUrlProblem('javascript:alert(1)//cams.example', allowed)).toBe('url');
    expect(partnerUrlProblem('data:text/html,<script>alert(1)</script>', allowed)).toBe('url');
    expect(partnerUrlProblem('ftp://cams.example/', allowed)).toBe('url');
    expect(partnerUrlProblem('//cams.example/', allowed)).toBe('url');
    expect(partnerUrlProblem('cams.example', allowed)).toBe('url');
    expect(partnerUrlProblem('https://cams.example@evil.example/', allowed)).toBe('url');
  });

  test('hostAllowed matches whole labels only', () => {
    expect(hostAllowed('a.cams.example', ['cams.example'])).toBe(true);
    expect(hostAllowed('acams.example', ['cams.example'])).toBe(false);
  });
});

describe('promo cards between members', () => {
  test('one after every interval, cycling through the promos', () => {
    const items = Array.from({ length: PROMO_CARD_INTERVAL * 3 + 2 }, (_, i) => i);
    const mixed = withPromos(items, ['a', 'b']);
    const promos = mixed.flatMap((e, i) => (e.kind === 'promo' ? [[i, e.promo]] : []));
    expect(promos).toEqual([
      [PROMO_CARD_INTERVAL, 'a'],
      [PROMO_CARD_INTERVAL * 2 + 1, 'b'],
      [PROMO_CARD_INTERVAL * 3 + 2, 'a'],
    ]);
    expect(mixed.filter((e) => e.kind === 'item')).toHaveLength(items.length);
  });

  test('no promos, or fewer items than the interval: the items alone', () => {
    expect(withPromos([1, 2, 3], ['a'])).toHaveLength(3);
    expect(withPromos([1, 2, 3, 4, 5, 6, 7, 8, 9], [])).toHaveLength(9);
  });
});
