import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ProfileCard } from '../../../common/api/profile';
import { card } from '../members/test-support';
import type { SETTINGS } from '../transactions/test-support';
import IconsLander from './IconsLander';
import { renderLander } from './test-support';

afterEach(() => vi.unstubAllGlobals());

async function open(
  profiles: ProfileCard[],
  opts: { allowed?: boolean; settings?: Partial<typeof SETTINGS> } = {},
) {
  return renderLander(IconsLander, { lander: 'iconslanding', slug: 'bbw-curves' }, profiles, {
    allowed: opts.allowed,
    settings: opts.settings,
  });
}

describe('/landers/iconslanding', () => {
  it("shows the niche's headline, what the site offers as icons, and real members", async () => {
    const { calls, container } = await open([
      card(1, { name: 'Mirjam', age: 44, region: 'Gelderland' }),
      card(2, { name: 'Sanne', age: 38, region: 'Drenthe' }),
    ]);
    expect(screen.getByRole('heading', { level: 1, name: 'Curves are beautiful' })).toBeTruthy();
    expect(screen.getByText('Meet curvy women and the people who admire them on Amora.')).toBeTruthy();
    const hero = container.querySelector('.icons-hero img') as HTMLImageElement;
    expect(hero.getAttribute('src')).toBe('/hero/bbw-1280.webp');
    expect(hero.getAttribute('fetchpriority')).toBe('high');

    const features = within(screen.getByRole('region', { name: 'What Amora offers you' }));
    expect(features.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'Free to join',
      'Members near you',
      'Private and discreet',
      'Confirmed e-mail addresses',
      'Chat in real time',
      'You stay in control',
    ]);
    expect(
      features.getByText('A profile goes live only once its e-mail address has been confirmed.'),
    ).toBeTruthy();
    // The icons are drawn inline and say nothing to a screen reader: the headings do.
    const icons = container.querySelectorAll('.icons-feature-icon svg');
    expect(icons).toHaveLength(6);
    for (const icon of icons) expect(icon.getAttribute('aria-hidden')).toBe('true');

    const members = within(await screen.findByRole('region', { name: 'Members in your country' }));
    const links = await members.findAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual(['Mirjam, 44Gelderland', 'Sanne, 38Drenthe']);
    for (const link of links) expect(link.getAttribute('href')).toBe('/signup');

    const ctas = screen.getAllByRole('link', { name: 'Sign up free' });
    expect(ctas).toHaveLength(2);
    for (const cta of ctas) expect(cta.getAttribute('href')).toBe('/signup');
    expect(calls[0]?.url.searchParams.get('niche')).toBe('4');
    expect(calls[0]?.url.searchParams.get('count')).toBe('10');
  });

  it("carries the site's disclosure on a fictional profile", async () => {
    await open([card(1, { name: 'Chantal', fictional: true })], {
      settings: { fictional_warning: 'Some profiles are run by our team.', fictional_icon: '🎭' },
    });
    expect(await screen.findByRole('img', { name: 'Some profiles are run by our team.' })).toBeTruthy();
    expect(screen.getByText(/Some profiles are run by our team\./, { selector: 'p' })).toBeTruthy();
  });

  it('where members are hidden from visitors, is still a whole page leading to signup', async () => {
    await open([], { allowed: false });
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Your next conversation starts here' }),
    ).toBeTruthy();
    await vi.waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Members in your country' })).toBeNull(),
    );
    expect(screen.getAllByRole('heading', { level: 3 })).toHaveLength(6);
    for (const cta of screen.getAllByRole('link', { name: 'Sign up free' }))
      expect(cta.getAttribute('href')).toBe('/signup');
  });
});
