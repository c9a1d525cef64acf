import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ProfileCard } from '../../../common/api/profile';
import { card } from '../members/test-support';
import type { SETTINGS } from '../transactions/test-support';
import CollageLander from './CollageLander';
import { renderLander } from './test-support';

afterEach(() => vi.unstubAllGlobals());

async function open(
  profiles: ProfileCard[],
  opts: { allowed?: boolean; settings?: Partial<typeof SETTINGS> } = {},
) {
  return renderLander(CollageLander, { lander: 'collagelanding', slug: 'gay-nights' }, profiles, {
    allowed: opts.allowed,
    settings: opts.settings,
  });
}

describe('/landers/collagelanding', () => {
  it("lays real members' photos around the niche's headline and the way to signup", async () => {
    const { calls, container } = await open([
      card(1, { name: 'Bram', age: 34, region: 'Utrecht' }),
      card(2, { name: 'Daan', age: 29, online: true }),
      card(3, { name: 'Joost', age: 41 }),
    ]);
    expect(screen.getByRole('heading', { level: 1, name: 'Meet men who like men' })).toBeTruthy();
    expect(screen.getByText('Chat, flirt and date with gay and bi men near you on Amora.')).toBeTruthy();
    expect(screen.getByText('Welcome to Amora')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign up free' }).getAttribute('href')).toBe('/signup');

    expect(await screen.findByText('Bram, 34')).toBeTruthy();
    expect(screen.getByText('Joost, 41')).toBeTruthy();
    // The first tile is a large one: a sharper photo, and the region too.
    const bram = screen.getByRole('img', { name: 'Photo of Bram' });
    expect(bram.getAttribute('src')).toBe('/media/1.jpg');
    expect(screen.getByText('Utrecht')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Photo of Joost' }).getAttribute('src')).toBe(
      '/media/3-thumb.jpg',
    );
    expect(screen.getByText('Online now')).toBeTruthy();
    // Places left over are filled with the site's colours, not with repeated or invented members.
    expect(container.querySelectorAll('.collage-tile[aria-hidden="true"]')).toHaveLength(14);
    expect(container.querySelectorAll('figure.collage-tile')).toHaveLength(3);
    expect(calls[0]?.url.searchParams.get('niche')).toBe('7');
    expect(calls[0]?.url.searchParams.get('count')).toBe('17');
  });

  it("carries the site's disclosure on a fictional profile", async () => {
    await open([card(1, { name: 'Ruben', fictional: true })], {
      settings: { fictional_warning: 'Some profiles are run by our team.', fictional_icon: '🎭' },
    });
    expect(await screen.findByRole('img', { name: 'Some profiles are run by our team.' })).toBeTruthy();
    expect(screen.getByText(/Some profiles are run by our team\./, { selector: 'p' })).toBeTruthy();
  });

  it("where members are hidden from visitors, puts the niche's picture behind the panel", async () => {
    const { container } = await open([], { allowed: false });
    await waitFor(() => expect(container.querySelector('.collage-placeholder')).toBeNull());
    expect(container.querySelectorAll('.collage-tile')).toHaveLength(0);
    expect(container.querySelector('img.collage-backdrop')?.getAttribute('src')).toBe('/hero/gay-1280.webp');
    expect(screen.getByRole('heading', { level: 1, name: 'Meet men who like men' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign up free' }).getAttribute('href')).toBe('/signup');
  });
});
