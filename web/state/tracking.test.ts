import { afterEach, describe, expect, it } from 'vitest';
import { readTracking, storeTrackingFromUrl } from './tracking';

afterEach(() => {
  window.localStorage.clear();
  document.cookie = 'tracking=; max-age=0; path=/';
});

describe('the tracking values a visitor brings', () => {
  it('are kept in a cookie, which the server drawing the next lander reads', () => {
    storeTrackingFromUrl('/landers/gallery', '?network=test net&sub1=a;b');
    expect(document.cookie).toMatch(/(^|; )tracking=[^;]+/);
    expect(readTracking()).toEqual({ network: 'test net', sub1: 'a;b', landing: '/landers/gallery' });
    // A later page without values keeps them; a new network replaces the whole set.
    storeTrackingFromUrl('/landers/video', '');
    expect(readTracking().network).toBe('test net');
    storeTrackingFromUrl('/landers/video', '?network=other');
    expect(readTracking()).toEqual({ network: 'other', landing: '/landers/video' });
  });

  it('kept in the browser storage by an earlier version move into the cookie', () => {
    window.localStorage.setItem('tracking', JSON.stringify({ network: 'adnet', landing: '/landers/map' }));
    storeTrackingFromUrl('/', '');
    expect(readTracking()).toEqual({ network: 'adnet', landing: '/landers/map' });
    expect(window.localStorage.getItem('tracking')).toBeNull();
  });

  it('read nothing from a cookie that is not theirs to read', () => {
    document.cookie = `tracking=${encodeURIComponent('{"network":7,"ref":"r","other":"x"}')}; path=/`;
    expect(readTracking()).toEqual({ ref: 'r' });
    document.cookie = 'tracking=%E0%A4%A; path=/';
    expect(readTracking()).toEqual({});
  });
});
