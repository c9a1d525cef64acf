import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { userKey } from '../api/user';
import { PAGE_HIDDEN_URL, watchPageHidden } from './page-hidden';

let visibility: DocumentVisibilityState = 'visible';
const setVisibility = (v: DocumentVisibilityState) => {
  visibility = v;
  document.dispatchEvent(new Event('visibilitychange'));
};

beforeEach(() => {
  visibility = 'visible';
  vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function setup(beaconAccepted = true) {
  const beacon = vi.fn((_url: string, _body: Blob) => beaconAccepted);
  Object.defineProperty(navigator, 'sendBeacon', { value: beacon, configurable: true });
  const fetchMock = vi.fn(async () => new Response(null, { status: 204 }));
  vi.stubGlobal('fetch', fetchMock);
  const client = new QueryClient();
  const refetch = vi.spyOn(client, 'refetchQueries').mockResolvedValue();
  const stop = watchPageHidden(client);
  return { beacon, fetchMock, refetch, stop };
}

describe('the page-hidden beacon', () => {
  it('sends {} as text/plain when the page is hidden, once, and asks for the user when it is back', async () => {
    const { beacon, refetch, stop } = setup();
    setVisibility('hidden');
    // Closing the tab: pagehide follows visibilitychange; still one beacon.
    window.dispatchEvent(new Event('pagehide'));
    expect(beacon).toHaveBeenCalledTimes(1);
    const [url, body] = beacon.mock.calls[0] as [string, Blob];
    expect(url).toBe(PAGE_HIDDEN_URL);
    expect(body.type).toBe('text/plain');
    expect(await body.text()).toBe('{}');
    expect(refetch).not.toHaveBeenCalled();

    setVisibility('visible');
    expect(refetch).toHaveBeenCalledWith({ queryKey: userKey, type: 'active' });
    // Hidden again later: a new beacon.
    setVisibility('hidden');
    expect(beacon).toHaveBeenCalledTimes(2);
    stop();
  });

  it('a page shown without having been hidden asks for nothing', () => {
    const { beacon, refetch, stop } = setup();
    window.dispatchEvent(new Event('pageshow'));
    setVisibility('visible');
    expect(beacon).not.toHaveBeenCalled();
    expect(refetch).not.toHaveBeenCalled();
    stop();
  });

  it('falls back to a keepalive fetch when the browser refuses the beacon', () => {
    const { fetchMock, stop } = setup(false);
    setVisibility('hidden');
    expect(fetchMock).toHaveBeenCalledWith(
      PAGE_HIDDEN_URL,
      expect.objectContaining({ method: 'POST', keepalive: true }),
    );
    stop();
  });

  it('stops with its member: after the stop, hiding the page sends nothing', () => {
    const { beacon, stop } = setup();
    stop();
    setVisibility('hidden');
    window.dispatchEvent(new Event('pagehide'));
    expect(beacon).not.toHaveBeenCalled();
  });
});
