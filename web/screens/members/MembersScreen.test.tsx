import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SEARCH_PAGE_SIZE } from '../../../common/constants';
import { EAGER_CARDS } from '../../components/ProfileCardView';
import { resetSearchState } from '../../state/search';
import { card, type Handler, mockFetch, OWN, page, REGIONS, renderScreen } from './test-support';

const ids = (from: number, n: number) => Array.from({ length: n }, (_, i) => from + i);
const searches = (calls: URL[]) => calls.filter((u) => u.pathname === '/api/members.php');
const params = (u: URL | undefined) => Object.fromEntries(u?.searchParams ?? []);

/** The observers the screen made; `intersect` tells them the sentinel came into view. */
let observers: Array<{ cb: IntersectionObserverCallback; live: boolean }> = [];
function intersect() {
  act(() => {
    for (const o of observers.filter((o) => o.live))
      o.cb([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver);
  });
}

beforeEach(() => {
  resetSearchState();
  // biome-ignore lint/suspicious/noDocumentCookie: the test forgets the cookie the screen writes.
  document.cookie = 'country=; max-age=0; path=/';
  observers = [];
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      entry: { cb: IntersectionObserverCallback; live: boolean };
      constructor(cb: IntersectionObserverCallback) {
        this.entry = { cb, live: true };
        observers.push(this.entry);
      }
      observe() {}
      disconnect() {
        this.entry.live = false;
      }
    },
  );
});
afterEach(() => vi.unstubAllGlobals());

/** The member's own profile, then the search pages `pages` (keyed by cursor, '' for the first). */
function api(pages: Record<string, unknown>, similar: Record<string, unknown> = {}): Handler {
  return (url) => {
    if (url.pathname === '/api/profile.php') return { body: { profile: OWN } };
    if (url.pathname === '/api/members.php') {
      const set = url.searchParams.get('similar') === 'true' ? similar : pages;
      const body = set[url.searchParams.get('cursor') ?? ''];
      return body ? { body } : { status: 400, body: { error: 'invalid', message: 'bad cursor' } };
    }
    return { status: 404, body: { error: 'not_found', message: 'no' } };
  };
}

describe('member search screen', () => {
  it("starts wide from the member's own preferences and shows the count, capped at 1000+", async () => {
    const calls = mockFetch(api({ '': page(ids(1, SEARCH_PAGE_SIZE), 'c2', 1001) }));
    await renderScreen();
    expect(await screen.findByText('1000+ members found')).toBeTruthy();
    // The whole country, not only the member's region; the ages sought and ten years either side.
    expect(params(searches(calls)[0])).toEqual({
      gender: 'male',
      country: 'NL',
      min_age: '18',
      max_age: '50',
    });
    expect((screen.getByLabelText('Looking for') as HTMLSelectElement).value).toBe('male');
    expect((screen.getByLabelText('Region') as HTMLSelectElement).value).toBe('');
    expect((screen.getByLabelText('Minimum age') as HTMLSelectElement).value).toBe('18');
    const link = screen.getByRole('link', { name: /Member1, 30/ });
    expect(link.getAttribute('href')).toBe('/members/1');
  });

  it('loads the first cards’ photos at once and first (the screen’s largest picture), the rest lazily', async () => {
    mockFetch(api({ '': page(ids(1, SEARCH_PAGE_SIZE), 'c2', 1001) }));
    const { container } = await renderScreen();
    await screen.findByText('1000+ members found');
    const photos = [...container.querySelectorAll('.profile-grid img')];
    expect(photos.length).toBeGreaterThan(EAGER_CARDS);
    for (const [i, img] of photos.entries()) {
      expect(img.getAttribute('loading'), `card ${i + 1}`).toBe(i < EAGER_CARDS ? 'eager' : 'lazy');
      expect(img.getAttribute('fetchpriority'), `card ${i + 1}`).toBe(i < EAGER_CARDS ? 'high' : null);
    }
  });

  it('accumulates pages as the member scrolls, and by the show-more button', async () => {
    const calls = mockFetch(
      api({
        '': page(ids(1, SEARCH_PAGE_SIZE), 'c2', 60),
        c2: page(ids(101, SEARCH_PAGE_SIZE), 'c3'),
        c3: page(ids(201, 12), null),
      }),
    );
    await renderScreen();
    await screen.findByText('60 members found');
    intersect();
    await screen.findByRole('link', { name: /Member101,/ });
    expect(params(searches(calls)[1]).cursor).toBe('c2');
    expect(screen.getAllByRole('link', { name: /^Member/ })).toHaveLength(2 * SEARCH_PAGE_SIZE);
    fireEvent.click(screen.getByRole('button', { name: 'Show more members' }));
    await screen.findByRole('link', { name: /Member212,/ });
    expect(screen.getAllByRole('link', { name: /^Member/ })).toHaveLength(2 * SEARCH_PAGE_SIZE + 12);
    // The last page: nothing more to load, and no similar members for 60 results.
    expect(screen.queryByRole('button', { name: 'Show more members' })).toBeNull();
    expect(searches(calls).some((u) => u.searchParams.get('similar'))).toBe(false);
  });

  it('adds similar members, paged under their own heading, when few match', async () => {
    const calls = mockFetch(
      api({ '': page([1, 2, 3], null, 3) }, { '': page([3, 4, 5], 's2'), s2: page([6, 7], null) }),
    );
    await renderScreen();
    const similar = await screen.findByRole('region', { name: 'Similar members' });
    await within(similar).findByRole('link', { name: /Member4,/ });
    // A member already among the exact results is not shown twice.
    expect(
      within(similar)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/members/4', '/members/5']);
    expect(screen.getByText('3 members found')).toBeTruthy();
    intersect();
    await within(similar).findByRole('link', { name: /Member7,/ });
    expect(params(searches(calls).at(-1))).toMatchObject({ similar: 'true', cursor: 's2', gender: 'male' });
  });

  it('says when nobody matches, and the reset clears the filters and the results', async () => {
    const calls = mockFetch((url) => {
      if (url.pathname === '/api/profile.php') return { body: { profile: OWN } };
      const filtered = url.searchParams.has('gender');
      return { body: filtered ? page([], null, 0) : page([8, 9], null, 30) };
    });
    await renderScreen();
    expect(await screen.findByRole('heading', { name: 'No members found' })).toBeTruthy();
    const [reset] = screen.getAllByRole('button', { name: 'Reset' });
    fireEvent.click(reset as HTMLElement);
    await screen.findByText('30 members found');
    expect(params(searches(calls).at(-1))).toEqual({});
    expect((screen.getByLabelText('Looking for') as HTMLSelectElement).value).toBe('');
    expect(screen.queryByRole('heading', { name: 'No members found' })).toBeNull();
  });

  it('applies chosen filters with the search button and remembers the country in a cookie', async () => {
    const calls = mockFetch(api({ '': page([1], null, 30) }));
    await renderScreen();
    await screen.findByText('30 members found');
    fireEvent.change(screen.getByLabelText('Country'), { target: { value: 'BE' } });
    // Regions follow the country.
    expect((screen.getByLabelText('Region') as HTMLSelectElement).value).toBe('');
    expect(within(screen.getByLabelText('Region')).getByRole('option', { name: 'Antwerpen' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Maximum age'), { target: { value: '33' } });
    // The minimum never goes above the maximum.
    expect(within(screen.getByLabelText('Minimum age')).queryByRole('option', { name: '34' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(params(searches(calls).at(-1))).toEqual({
        gender: 'male',
        country: 'BE',
        min_age: '18',
        max_age: '33',
      }),
    );
    expect(document.cookie).toContain('country=BE');
  });

  it('shows only the filters the site allows, and searches only by them', async () => {
    const calls = mockFetch(api({ '': page([1], null, 30) }));
    await renderScreen({ settings: { search_fields: ['gender', 'min_age', 'max_age'] } });
    await screen.findByText('30 members found');
    expect(screen.queryByLabelText('Country')).toBeNull();
    expect(screen.queryByLabelText('Region')).toBeNull();
    expect(params(searches(calls)[0])).toEqual({ gender: 'male', min_age: '18', max_age: '50' });
  });

  it('offers a retry when the search fails', async () => {
    let fail = true;
    mockFetch((url) => {
      if (url.pathname === '/api/profile.php') return { body: { profile: OWN } };
      return fail ? { status: 400, body: { error: 'invalid', message: 'x' } } : { body: page([1], null, 1) };
    });
    await renderScreen();
    expect((await screen.findByRole('alert')).textContent).toContain('The members could not be loaded.');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByText('1 member found');
  });

  it('keeps filters, results and scroll position across a visit to a profile', async () => {
    const calls = mockFetch(api({ '': page(ids(1, SEARCH_PAGE_SIZE), 'c2', 60), c2: page([101], null) }));
    await renderScreen();
    await screen.findByText('60 members found');
    intersect();
    await screen.findByRole('link', { name: /Member101,/ });
    const scrollTo = vi.fn();
    vi.stubGlobal('scrollTo', scrollTo);
    act(() => {
      window.scrollY = 1234;
      window.dispatchEvent(new Event('scroll'));
    });
    fireEvent.click(screen.getByRole('link', { name: /Member5,/ }));
    fireEvent.click(await screen.findByRole('button', { name: 'back' }));
    await screen.findByRole('link', { name: /Member101,/ });
    expect(searches(calls)).toHaveLength(2);
    expect(scrollTo).toHaveBeenCalledWith(0, 1234);
  });
});

describe('cards', () => {
  it('show the premium badge, the online dot, the lock and the fictional disclosure', async () => {
    const locked = card(3);
    if (locked.main_image) locked.main_image.locked = true;
    mockFetch((url) =>
      url.pathname === '/api/profile.php'
        ? { body: { profile: OWN } }
        : {
            body: {
              profiles: [card(1, { premium: true, online: true }), card(2, { fictional: true }), locked],
              next_cursor: null,
              num_results: 30,
            },
          },
    );
    await renderScreen({
      settings: {
        fictional_warning: 'Some profiles are run by our team.',
        fictional_singular: 'team profile',
        fictional_plural: 'team profiles',
        fictional_icon: '🎭',
      },
    });
    const premium = await screen.findByRole('link', { name: /Member1,/ });
    expect(premium.textContent).toContain('Premium');
    expect(premium.textContent).toContain('Online');
    const fictional = screen.getByRole('link', { name: /Member2,/ });
    expect(within(fictional).getByRole('img', { name: 'team profile' }).textContent).toBe('🎭');
    expect(screen.getByRole('link', { name: /Member3,/ }).textContent).toContain('Premium photo');
    // The warning stands above the grid once a fictional profile is shown.
    const notice = screen.getByRole('complementary', { name: 'team profiles' });
    expect(notice.textContent).toContain('Some profiles are run by our team.');
    expect(notice.compareDocumentPosition(premium) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('carry no fictional mark where the site has no warning', async () => {
    mockFetch(api({ '': { profiles: [card(2, { fictional: true })], next_cursor: null, num_results: 30 } }));
    await renderScreen();
    await screen.findByRole('link', { name: /Member2,/ });
    expect(screen.queryByRole('complementary')).toBeNull();
    expect(screen.queryByRole('img')).toBeNull();
  });
});

describe('visitors', () => {
  it('search where logged_out_search allows, starting from their selected country', async () => {
    const calls = mockFetch(api({ '': page([1], null, 30) }));
    await renderScreen({ user: null });
    await screen.findByText('30 members found');
    expect(calls.some((u) => u.pathname === '/api/profile.php')).toBe(false);
    expect(params(searches(calls)[0])).toEqual({ country: 'NL' });
  });

  it('get a login and signup prompt where the site keeps its search to members', async () => {
    const calls = mockFetch(api({ '': page([1], null, 30) }));
    await renderScreen({ user: null, settings: { logged_out_search: 'none' } });
    expect(screen.getByRole('heading', { name: 'Log in to see the members' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign up for free' }).getAttribute('href')).toBe('/signup');
    expect(searches(calls)).toHaveLength(0);
  });

  it('get the prompt when the server refuses them, without asking again and again', async () => {
    const calls = mockFetch((url) =>
      url.pathname === '/api/members.php'
        ? { status: 403, body: { error: 'authentication_required', message: 'Log in' } }
        : { body: { user: null } },
    );
    await renderScreen({ user: null });
    expect(await screen.findByRole('heading', { name: 'Log in to see the members' })).toBeTruthy();
    await new Promise((r) => setTimeout(r, 100));
    expect(searches(calls).length).toBeLessThanOrEqual(2);
  });
});

describe('geolocation', () => {
  function stubGeolocation(result: 'ok' | 'denied') {
    vi.stubGlobal('navigator', {
      ...navigator,
      permissions: {
        query: () => Promise.resolve({ state: 'prompt', addEventListener() {}, removeEventListener() {} }),
      },
      geolocation: {
        getCurrentPosition: (ok: PositionCallback, fail: PositionErrorCallback) =>
          result === 'ok'
            ? ok({ coords: { latitude: 52.37403, longitude: 4.88969 } } as GeolocationPosition)
            : fail({ code: 1, message: 'denied' } as GeolocationPositionError),
      },
    });
  }

  it('prefills country and region from the location, sending only a rounded point', async () => {
    stubGeolocation('ok');
    const calls = mockFetch((url) => {
      if (url.pathname === '/api/profile.php') return { body: { profile: { ...OWN, region: null } } };
      if (url.pathname === '/api/geocode.php') return { body: { country: 'NL', countryregion: 'NL-UT' } };
      if (url.pathname === '/api/regions.php')
        return { body: { regions: REGIONS.filter((r) => r.country === url.searchParams.get('country')) } };
      return { body: page([1], null, 30) };
    });
    await renderScreen();
    await screen.findByText('30 members found');
    fireEvent.click(await screen.findByRole('button', { name: 'Use my location' }));
    expect(await screen.findByText('Your location: Utrecht, Netherlands')).toBeTruthy();
    const geocode = calls.find((u) => u.pathname === '/api/geocode.php');
    expect(params(geocode)).toEqual({ lat: '52.37', lon: '4.89' });
    // Only the found country's regions are asked for, not every country's.
    expect(params(calls.find((u) => u.pathname === '/api/regions.php'))).toEqual({ country: 'NL' });
    await waitFor(() =>
      expect(params(searches(calls).at(-1))).toMatchObject({ country: 'NL', countryregion: 'NL-UT' }),
    );
    expect((screen.getByLabelText('Region') as HTMLSelectElement).value).toBe('NL-UT');
  });

  it('says so when the location cannot be had, and then offers no button that cannot work', async () => {
    stubGeolocation('denied');
    const calls = mockFetch(api({ '': page([1], null, 30) }));
    await renderScreen();
    await screen.findByText('30 members found');
    fireEvent.click(await screen.findByRole('button', { name: 'Use my location' }));
    expect(await screen.findByText('Location access is blocked in your browser settings.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Use my location' })).toBeNull();
    expect(calls.some((u) => u.pathname === '/api/geocode.php')).toBe(false);
  });
});
