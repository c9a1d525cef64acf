import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ProfileCard } from '../../../common/api/profile';
import { card } from '../members/test-support';
import type { SETTINGS } from '../transactions/test-support';
import AloneTonightLander from './AloneTonightLander';
import { renderLander } from './test-support';

afterEach(() => vi.unstubAllGlobals());

async function open(
  profiles: ProfileCard[],
  opts: { allowed?: boolean; settings?: Partial<typeof SETTINGS> } = {},
) {
  return (
    await renderLander(AloneTonightLander, { lander: 'alonetonight', slug: 'milf-tonight' }, profiles, {
      allowed: opts.allowed,
      settings: opts.settings,
    })
  ).calls;
}

const strip = (name: string) => screen.getByRole('list', { name });

describe('/landers/alonetonight', () => {
  it("shows the niche's evening hero and only the members who are online now", async () => {
    const calls = await open([
      card(1, { name: 'Marleen', age: 46, region: 'Utrecht', online: true }),
      card(2, { name: 'Ingrid', age: 52, online: false }),
      card(3, { name: 'Yvonne', age: 44, region: 'Limburg', online: true }),
    ]);
    expect(screen.getByRole('heading', { level: 1, name: 'Alone tonight?' })).toBeTruthy();
    expect(screen.getByText('Meet mature women who enjoy flirting on Amora.')).toBeTruthy();
    const hero = document.querySelector('.night-hero img') as HTMLImageElement;
    expect(hero.getAttribute('src')).toBe('/hero/milf-1280.webp');
    expect(hero.getAttribute('fetchpriority')).toBe('high');

    expect(await screen.findByRole('heading', { level: 2, name: 'Online right now' })).toBeTruthy();
    const members = within(strip('Online right now')).getAllByRole('link');
    expect(members.map((m) => m.textContent)).toEqual([
      'OnlineMarleen, 46Utrecht',
      'OnlineYvonne, 44Limburg',
    ]);
    for (const m of members) expect(m.getAttribute('href')).toBe('/signup');
    expect(screen.queryByText(/Ingrid/)).toBeNull();
    for (const cta of screen.getAllByRole('link', { name: 'Sign up and say hello' }))
      expect(cta.getAttribute('href')).toBe('/signup');
    expect(calls[0]?.url.searchParams.get('niche')).toBe('6');
  });

  it('with nobody online, shows the most recently active and says so', async () => {
    await open([card(1, { name: 'Ingrid', age: 52 }), card(2, { name: 'Marleen', age: 46 })]);
    expect(await screen.findByRole('heading', { level: 2, name: 'Recently active' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Online right now' })).toBeNull();
    expect(
      within(strip('Recently active'))
        .getAllByRole('link')
        .map((m) => m.textContent),
    ).toEqual(['Ingrid, 52Noord-Holland', 'Marleen, 46Noord-Holland']);
    expect(screen.queryByText('Online')).toBeNull();
  });

  it("carries the site's disclosure on a fictional profile", async () => {
    await open([card(1, { name: 'Chantal', online: true, fictional: true })], {
      settings: { fictional_warning: 'Some profiles are run by our team.', fictional_icon: '🎭' },
    });
    expect(await screen.findByRole('img', { name: 'Some profiles are run by our team.' })).toBeTruthy();
    expect(screen.getByText(/Some profiles are run by our team\./, { selector: 'p' })).toBeTruthy();
  });

  it('where members are hidden from visitors, is still a whole page leading to signup', async () => {
    await open([], { allowed: false });
    await waitFor(() => expect(document.querySelector('.night-members')).toBeNull());
    expect(screen.getByRole('heading', { name: 'The night is still young' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Recently active' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Online right now' })).toBeNull();
    expect(screen.getByRole('heading', { name: 'Make tonight a little less quiet' })).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'Sign up and say hello' })).toHaveLength(2);
  });
});
