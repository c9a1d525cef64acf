import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ProfileCard } from '../../../common/api/profile';
import { card } from '../members/test-support';
import type { SETTINGS } from '../transactions/test-support';
import MapLander, { groupByRegion, mapSpot, placePins } from './MapLander';
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

  it('puts each region in its place: the Dutch provinces as on a map of the Netherlands', () => {
    const at = (region: string) => {
      const spot = mapSpot('NL', region);
      if (!spot) throw new Error(`${region} has no place`);
      return spot;
    };
    const northEastOf = (a: { x: number; y: number }, b: { x: number; y: number }) => a.x > b.x && a.y < b.y;
    const zeeland = at('Zeeland');
    const limburg = at('Limburg');
    expect(northEastOf(at('Groningen'), at('Noord-Holland'))).toBe(true);
    // Zeeland lies in the south-west, Limburg in the south-east (as far south), Drenthe in the north-east.
    for (const other of ['Noord-Holland', 'Utrecht', 'Drenthe', 'Friesland'])
      expect(northEastOf(at(other), zeeland), other).toBe(true);
    expect(limburg.x - zeeland.x).toBeGreaterThan(10);
    expect(limburg.y).toBeGreaterThan(Math.max(at('Noord-Holland').y, at('Utrecht').y, at('Drenthe').y));
    expect(limburg.x).toBeGreaterThan(Math.max(at('Noord-Holland').x, at('Utrecht').x));
    expect(northEastOf(at('Drenthe'), at('Utrecht'))).toBe(true);
    expect(at('Friesland').y).toBeLessThan(at('Utrecht').y);
    // Every spot is on the map.
    for (const spot of [at('Groningen'), zeeland, limburg])
      for (const v of [spot.x, spot.y]) expect(v >= 0 && v <= 40).toBe(true);
  });

  it("puts other countries' regions in their places too", () => {
    const at = (country: string, region: string) => mapSpot(country, region) as { x: number; y: number };
    // Germany: Bavaria south-east of North Rhine-Westphalia, Schleswig-Holstein north of both.
    const bayern = at('DE', 'Bayern');
    const nrw = at('DE', 'Nordrhein-Westfalen');
    const sh = at('DE', 'Schleswig-Holstein');
    expect(bayern.x > nrw.x && bayern.y > nrw.y).toBe(true);
    expect(sh.y).toBeLessThan(Math.min(bayern.y, nrw.y));
    // Belgium: Flanders north of Wallonia; the United Kingdom: Scotland's Highland north of Kent.
    expect(at('BE', 'Flanders').y).toBeLessThan(at('BE', 'Wallonia').y);
    expect(at('GB', 'Highland').y).toBeLessThan(at('GB', 'Kent').y);
    // Far territories are left to the list: Hawaii is not drawn beside California.
    expect(mapSpot('US', 'Hawaii')).toBeNull();
    expect(mapSpot('US', 'California')).not.toBeNull();
    expect(mapSpot('NL', 'Atlantis')).toBeNull();
  });

  it('pins the regions of the country most members are in, never one over another', () => {
    const members = ['Utrecht', 'Noord-Holland', 'Zuid-Holland', 'Groningen', 'Zeeland', 'Limburg'].map(
      (r, i) => card(i + 1, { region: r }),
    );
    const pins = placePins(groupByRegion([...members, card(9, { region: 'Bayern', country: 'DE' })]));
    expect(pins.map((p) => p.region)).not.toContain('Bayern');
    expect(pins.map((p) => p.region)).toEqual(expect.arrayContaining(['Groningen', 'Zeeland', 'Limburg']));
    for (const [i, a] of pins.entries())
      for (const b of pins.slice(i + 1))
        expect(Math.abs(a.x - b.x) >= 6 || Math.abs(a.y - b.y) >= 5).toBe(true);
    // Never more pins than the map holds: the rest are in the list.
    const many = placePins(
      groupByRegion(Array.from({ length: 14 }, (_, i) => card(i + 1, { region: `R${i}` }))),
    );
    expect(many.length).toBeLessThanOrEqual(10);
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
