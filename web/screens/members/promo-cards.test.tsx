import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PromoCard } from '../../../common/api/promos';
import { SEARCH_PAGE_SIZE } from '../../../common/constants';
import { PROMO_CARD_INTERVAL } from '../../../common/rules/promos';
import { resetSearchState } from '../../state/search';
import { mockFetch, OWN, page, renderScreen } from './test-support';

const promo = (id: number, name: string): PromoCard => ({
  id,
  kind: 'promo',
  label: 'ad',
  name,
  age: 25,
  text: 'Live now',
  picture_url: null,
  thumb_url: `/media/o/promo${id}.webp`,
  partner_host: 'cams.partner.test',
  click_url: `/api/promo-click.php?id=${id}`,
});

beforeEach(() => {
  resetSearchState();
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      observe() {}
      disconnect() {}
    },
  );
});
afterEach(() => vi.unstubAllGlobals());

function api(promos: PromoCard[] | 'error') {
  const ids = Array.from({ length: SEARCH_PAGE_SIZE }, (_, i) => i + 1);
  return mockFetch((url) => {
    if (url.pathname === '/api/profile.php') return { body: { profile: OWN } };
    if (url.pathname === '/api/members.php') return { body: page(ids, null, SEARCH_PAGE_SIZE) };
    if (url.pathname === '/api/promos.php')
      return promos === 'error'
        ? { status: 500, body: { error: 'internal', message: 'no' } }
        : { body: { promos } };
    return { status: 404, body: { error: 'not_found', message: 'no' } };
  });
}

describe('promo cards in the search results', () => {
  it('one after every interval of members, labelled as ads, opening their own screen, not counted', async () => {
    api([promo(1, 'Anna'), promo(2, 'Bea')]);
    await renderScreen();
    const list = await screen.findByRole('list', { name: 'Search results' });
    // The count is the members' only.
    expect(await screen.findByText(`${SEARCH_PAGE_SIZE} members found`)).toBeTruthy();
    const items = await within(list).findAllByRole('listitem');
    const promoSlots = items.flatMap((li, i) => (li.classList.contains('promo-slot') ? [i] : []));
    expect(promoSlots).toEqual([
      PROMO_CARD_INTERVAL,
      PROMO_CARD_INTERVAL * 2 + 1,
      PROMO_CARD_INTERVAL * 3 + 2,
    ]);
    const anna = within(list).getAllByRole('link', { name: 'Ad: Anna, 25, on a partner site' });
    expect(anna).toHaveLength(2);
    expect(anna[0]?.getAttribute('href')).toBe('/promo/1');
    expect(within(anna[0] as HTMLElement).getByText('Ad')).toBeTruthy();
    expect(within(list).getByRole('link', { name: 'Ad: Bea, 25, on a partner site' })).toBeTruthy();
    // Member cards stay member cards.
    expect(
      within(list)
        .getAllByRole('link')
        .filter((a) => a.getAttribute('href')?.startsWith('/members/')),
    ).toHaveLength(SEARCH_PAGE_SIZE);
  });

  it('without promos, or when they fail to load, the members alone', async () => {
    api('error');
    await renderScreen();
    const list = await screen.findByRole('list', { name: 'Search results' });
    const items = await within(list).findAllByRole('listitem');
    expect(items).toHaveLength(SEARCH_PAGE_SIZE);
    expect(list.querySelector('.promo-slot')).toBeNull();
  });
});
