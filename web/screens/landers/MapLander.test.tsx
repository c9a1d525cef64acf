import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ProfileCard } from '../../../common/api/profile';
import { card } from '../members/test-support';
import type { SETTINGS } from '../transactions/test-support';
import MapLander, { groupByRegion, placePins } from './MapLander';
import { renderLander } from './test-support';

afterEach(() => vi.unstubAllGlobals());

async function open(
  profiles: ProfileCard[],
  opts: { allowed?: boolean; settings?: Partial<typeof SETTINGS> } = {},
) {
  return renderLander(MapLander, { lander: 'maplanding', slug: 'milf-utrecht' }, profiles, {
    allowed: opts.allowed,
    settings: opts.settings,
  });
}

const MEMBERS = [
  card(1, { name: 'Marleen', age: 46, region: 'Utrecht' }),
  card(2, { name: 'Ingrid', age: 52, region: 'Limburg', online: true }),
  card(3, { name: 'Yvonne', age: 44, region: 'Utrecht' }),
  card(4, { name: 'Petra', age: 49, region: null }),
];

describe('/landers/maplanding', () => {
  it('pins real members on the drawn map and lists them by region, the fullest first', async () => {
    const { calls, container } = await open(MEMBERS);
    expect(screen.getByRole('heading', { level: 1, name: 'See who lives in your area' })).toBeTruthy();
    expect(screen.getByText('Meet mature women who enjoy flirting on Amora.')).toBeTruthy();
    expect(await screen.findByText('Members in 2 regions')).toBeTruthy();

    const list = within(screen.getByRole('region', { name: 'Members by region' }));
    const regions = list.getAllByRole('heading', { level: 3 });
    expect(regions.map((h) => h.textContent)).toEqual([
      'Utrecht2 members',
      'Limburg1 member',
      'Region not given1 member',
    ]);
    const members = list.getAllByRole('link');
    expect(members.map((m) => m.textContent)).toEqual([
      'Marleen, 46',
      'Yvonne, 44',
      'OnlineIngrid, 52',
      'Petra, 49',
    ]);
    for (const m of members) expect(m.getAttribute('href')).toBe('/signup');

    // One pin per named region, with the first member's photo and how many more are there.
    const pins = container.querySelectorAll('.map-canvas .map-pin');
    expect([...pins].map((p) => p.querySelector('.map-pin-label')?.textContent)).toEqual([
      'Utrecht',
      'Limburg',
    ]);
    expect(pins[0]?.querySelector('img')?.getAttribute('src')).toBe('/media/1-thumb.jpg');
    expect(pins[0]?.querySelector('.map-pin-more')?.textContent).toBe('+1');
    // The map is a picture: screen readers get its caption, the list says the rest.
    expect(container.querySelector('.map-canvas')?.getAttribute('aria-hidden')).toBe('true');
    expect(screen.getByRole('figure').textContent).toContain('one pin per region');

    for (const cta of screen.getAllByRole('link', { name: "See who's near you" }))
      expect(cta.getAttribute('href')).toBe('/signup');
    expect(calls[0]?.url.searchParams.get('niche')).toBe('6');
  });

  it('keeps each region on its own spot, whatever else is on the map', () => {
    const of = (regions: string[]) =>
      Object.fromEntries(
        placePins(groupByRegion(regions.map((r, i) => card(i + 1, { region: r })))).map((p) => [
          p.region,
          p.slot,
        ]),
      );
    const alone = of(['Utrecht']);
    const crowded = of(['Utrecht', 'Zeeland', 'Drenthe', 'Friesland']);
    expect(crowded.Utrecht).toBe(alone.Utrecht);
    expect(new Set(Object.values(crowded)).size).toBe(4);
    // Never more pins than spots: the rest are in the list.
    const many = placePins(
      groupByRegion(Array.from({ length: 14 }, (_, i) => card(i + 1, { region: `R${i}` }))),
    );
    expect(many).toHaveLength(10);
    expect(new Set(many.map((p) => p.slot)).size).toBe(10);
  });

  it("carries the site's disclosure on a fictional profile", async () => {
    await open([card(1, { name: 'Chantal', fictional: true })], {
      settings: { fictional_warning: 'Some profiles are run by our team.', fictional_icon: '🎭' },
    });
    expect(await screen.findByRole('img', { name: 'Some profiles are run by our team.' })).toBeTruthy();
    expect(screen.getByText(/Some profiles are run by our team\./, { selector: 'p' })).toBeTruthy();
  });

  it('where members are hidden from visitors, shows the empty map and the way to signup', async () => {
    const { container } = await open([], { allowed: false });
    await vi.waitFor(() => expect(container.querySelector('.map-pin')).toBeNull());
    expect(screen.queryByRole('region', { name: 'Members by region' })).toBeNull();
    expect(screen.queryByText(/Members in \d+ region/)).toBeNull();
    expect(container.querySelector('.map-shape')).toBeTruthy();
    const ctas = screen.getAllByRole('link', { name: "See who's near you" });
    expect(ctas).toHaveLength(2);
    for (const cta of ctas) expect(cta.getAttribute('href')).toBe('/signup');
  });
});
