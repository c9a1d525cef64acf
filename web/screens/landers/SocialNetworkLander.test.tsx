import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ProfileCard } from '../../../common/api/profile';
import { card } from '../members/test-support';
import type { SETTINGS } from '../transactions/test-support';
import SocialNetworkLander from './SocialNetworkLander';
import { renderLander } from './test-support';

afterEach(() => vi.unstubAllGlobals());

async function open(
  profiles: ProfileCard[],
  opts: { allowed?: boolean; settings?: Partial<typeof SETTINGS> } = {},
) {
  return renderLander(SocialNetworkLander, { lander: 'socialnetwork', slug: 'she-club' }, profiles, {
    allowed: opts.allowed,
    settings: opts.settings,
  });
}

const MEMBERS = [
  card(1, { name: 'Lotte', age: 31, region: 'Utrecht', online: true }),
  card(2, { name: 'Femke', age: 27, region: null }),
  card(3, { name: 'Noor', age: 35, region: 'Zeeland' }),
  card(4, { name: 'Iris', age: 29, region: 'Utrecht' }),
];

describe('/landers/socialnetwork', () => {
  it('shows a feed of posts by real members whose buttons lead to signup', async () => {
    const { calls, container } = await open(MEMBERS);
    expect(screen.getByRole('heading', { level: 1, name: 'Meet the people of Amora' })).toBeTruthy();
    expect(container.querySelector('.social-cover img')?.getAttribute('src')).toBe('/hero/she-1280.webp');

    const posts = await screen.findAllByRole('article');
    expect(posts.map((p) => within(p).getByRole('heading').textContent)).toEqual([
      'Lotte, 31',
      'Femke, 27',
      'Noor, 35',
      'Iris, 29',
    ]);
    const lotte = within(screen.getByRole('article', { name: 'Lotte, 31' }));
    // Captions say only what is true of the member: where they are, and online when they are.
    expect(lotte.getByText('Member in Utrecht')).toBeTruthy();
    expect(lotte.getByText('Online now')).toBeTruthy();
    expect(lotte.getByRole('img', { name: 'Photo of Lotte' }).getAttribute('src')).toBe('/media/1.jpg');
    expect(lotte.getByRole('link', { name: 'Like Lotte' }).getAttribute('href')).toBe('/signup');
    expect(lotte.getByRole('link', { name: 'Message Lotte' }).getAttribute('href')).toBe('/signup');
    const femke = within(screen.getByRole('article', { name: 'Femke, 27' }));
    expect(femke.getByText('Member of Amora')).toBeTruthy();
    expect(femke.queryByText('Online now')).toBeNull();

    // The feed's own invitation comes after the third post.
    const feed = container.querySelector('.social-posts') as HTMLElement;
    const order = [...feed.children].map((li) => li.querySelector('h3')?.textContent);
    expect(order).toEqual(['Lotte, 31', 'Femke, 27', 'Noor, 35', 'Like what you see?', 'Iris, 29']);

    const side = within(screen.getByRole('complementary', { name: 'Join Amora' }));
    expect(side.getByRole('link', { name: 'Sign up free' }).getAttribute('href')).toBe('/signup');
    expect(side.getAllByRole('listitem').map((li) => li.textContent)).toContain('Zeeland');
    expect(calls[0]?.url.searchParams.get('niche')).toBe('2');
    expect(calls[0]?.url.searchParams.get('count')).toBe('9');
  });

  it("carries the site's disclosure on a fictional profile", async () => {
    await open([card(1, { name: 'Chantal', fictional: true })], {
      settings: { fictional_warning: 'Some profiles are run by our team.', fictional_icon: '🎭' },
    });
    expect(await screen.findByRole('img', { name: 'Some profiles are run by our team.' })).toBeTruthy();
    expect(screen.getByText(/Some profiles are run by our team\./, { selector: 'p' })).toBeTruthy();
  });

  it('where members are hidden from visitors, welcomes and leads to signup', async () => {
    await open([], { allowed: false });
    expect(await screen.findByRole('heading', { level: 3, name: 'Welcome to Amora' })).toBeTruthy();
    expect(screen.queryAllByRole('article')).toHaveLength(0);
    for (const cta of screen.getAllByRole('link', { name: /Sign up free|Join for free/ }))
      expect(cta.getAttribute('href')).toBe('/signup');
  });
});
