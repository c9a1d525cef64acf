import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readTracking, storeTrackingFromUrl } from './tracking';
import { logVisit } from './visit';

beforeEach(() => {
  window.sessionStorage.clear();
  window.localStorage.clear();
  document.cookie = 'tracking=; max-age=0; path=/';
});
afterEach(() => vi.unstubAllGlobals());

describe('the visit and its traffic source', () => {
  it('the landing page is kept with the tracking values it came with', () => {
    storeTrackingFromUrl('/landers/video/gay-x', '?network=adnet&sub1=banner&other=1');
    expect(readTracking()).toEqual({
      network: 'adnet',
      sub1: 'banner',
      landing: '/landers/video/gay-x',
    });
    // A page without tracking values keeps what was stored.
    storeTrackingFromUrl('/members', '');
    expect(readTracking().landing).toBe('/landers/video/gay-x');
  });

  it('posts the first page of a browser session once, with the stored source', async () => {
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', fetchMock);
    storeTrackingFromUrl('/landers/gallery', '?network=adnet');
    logVisit('/landers/gallery');
    logVisit('/members');
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/visit.php');
    const body = JSON.parse(String(init?.body));
    expect(body).toEqual({
      path: '/landers/gallery',
      tracking: { network: 'adnet', landing: '/landers/gallery' },
      visitor: expect.stringMatching(/^[A-Za-z0-9_-]{16,64}$/),
    });
    // The browser keeps its id: its next session's visit carries the same one.
    window.sessionStorage.clear();
    logVisit('/');
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    expect(JSON.parse(String(fetchMock.mock.calls[1]?.[1]?.body)).visitor).toBe(body.visitor);
  });
});
