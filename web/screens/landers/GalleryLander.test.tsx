import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ProfileCard } from '../../../common/api/profile';
import { card } from '../members/test-support';
import GalleryLander from './GalleryLander';
import { renderLander } from './test-support';

afterEach(() => vi.unstubAllGlobals());

async function open(profiles: ProfileCard[], allowed = true) {
  return renderLander(GalleryLander, { lander: 'gallery', slug: 'bbw' }, profiles, { allowed });
}

const gallery = () => screen.getByRole('region', { name: 'Say hello to someone new' });

describe('/landers/gallery', () => {
  it('shows real members with name, age and region, each card leading to signup', async () => {
    const { calls } = await open([
      card(1, { name: 'Tamara', age: 38, region: 'Friesland' }),
      card(2, { name: 'Lieke', age: 44, region: 'Zeeland' }),
    ]);
    expect(screen.getByRole('heading', { level: 1, name: 'Curves are beautiful' })).toBeTruthy();
    expect(screen.getByText('Meet curvy women and the people who admire them on Amora.')).toBeTruthy();
    const tamara = await screen.findByRole('link', { name: /Tamara, 38/ });
    expect(tamara.textContent).toBe('Tamara, 38FrieslandSay hello');
    expect(tamara.getAttribute('href')).toBe('/signup');
    expect(screen.getByRole('link', { name: /Lieke, 44/ }).getAttribute('href')).toBe('/signup');
    expect(screen.getByRole('link', { name: 'Sign up to see more members' }).getAttribute('href')).toBe(
      '/signup',
    );
    // Without anyone online there is nothing to filter.
    expect(screen.queryByRole('group', { name: 'Show' })).toBeNull();
    expect(calls[0]?.url.searchParams.get('niche')).toBe('4');
    expect(calls[0]?.url.searchParams.get('count')).toBe('12');
  });

  it('filters to the members online now, and back', async () => {
    await open([
      card(1, { name: 'Tamara', online: true }),
      card(2, { name: 'Lieke' }),
      card(3, { name: 'Saskia', online: true }),
    ]);
    const all = await screen.findByRole('button', { name: 'All (3)' });
    const online = screen.getByRole('button', { name: 'Online now (2)' });
    expect(all.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(online);
    expect(online.getAttribute('aria-pressed')).toBe('true');
    const names = () =>
      within(gallery())
        .getAllByRole('link', { name: /, 30/ })
        .map((l) => l.textContent);
    expect(names()).toEqual([
      'OnlineTamara, 30Noord-HollandSay hello',
      'OnlineSaskia, 30Noord-HollandSay hello',
    ]);
    fireEvent.click(all);
    expect(names()).toHaveLength(3);
  });

  it('explains how it works in three steps and ends with the way in', async () => {
    await open([card(1, { name: 'Tamara' })]);
    const steps = screen.getByRole('region', { name: 'How it works' });
    expect(
      within(steps)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Sign up for free', 'Browse and like', 'Start chatting']);
    const final = screen.getByRole('region', { name: 'Your next conversation starts here' });
    expect(within(final).getByRole('link', { name: 'Sign up free' }).getAttribute('href')).toBe('/signup');
  });

  it('where members are hidden from visitors, invites signup in their place', async () => {
    const { container } = await open([], false);
    await waitFor(() => expect(container.querySelector('.gallery-card-placeholder')).toBeNull());
    expect(screen.getByText('Sign up for free to see the members near you.')).toBeTruthy();
    expect(container.querySelectorAll('.gallery-card')).toHaveLength(0);
    for (const link of screen.getAllByRole('link', { name: 'Sign up free' }))
      expect(link.getAttribute('href')).toBe('/signup');
  });
});
