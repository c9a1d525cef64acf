import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ProfileCard } from '../../../common/api/profile';
import { card } from '../members/test-support';
import type { Call } from '../transactions/test-support';
import TinderSwipeLander from './TinderSwipeLander';
import { renderLander } from './test-support';

afterEach(() => vi.unstubAllGlobals());

const MEMBERS = [
  card(1, { name: 'Sanne', age: 31, region: 'Utrecht' }),
  card(2, { name: 'Lotte', age: 28, region: 'Gelderland', online: true }),
  card(3, { name: 'Femke', age: 35 }),
  card(4, { name: 'Iris', age: 40 }),
  card(5, { name: 'Noor', age: 26 }),
  card(6, { name: 'Eva', age: 33 }),
  card(7, { name: 'Anouk', age: 29 }),
];

async function open(profiles: ProfileCard[] = MEMBERS, allowed = true) {
  return (await renderLander(TinderSwipeLander, { lander: 'tinderswipe' }, profiles, { allowed })).calls;
}

/** The member on top of the deck: the one card not hidden from assistive technology. */
const topCard = () => screen.getByRole('list', { name: 'Members to swipe' });
const onTop = (name: string) =>
  waitFor(() => expect(within(topCard()).getByRole('heading', { level: 2 }).textContent).toBe(name));

describe('/landers/tinderswipe', () => {
  it("deals the site's real members, asked for in the lander's niche, with the way to signup", async () => {
    const calls = await open();
    await onTop('Sanne, 31');
    expect(screen.getByRole('heading', { level: 1, name: 'Swipe. Like. Chat.' })).toBeTruthy();
    expect(screen.getByText('Meet singles near you')).toBeTruthy();
    expect(within(topCard()).getByText('Utrecht')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Photo of Sanne' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Like Sanne' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Pass on Sanne' })).toBeTruthy();
    expect(screen.getByText('1 of 7')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign up free' }).getAttribute('href')).toBe('/signup');
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url.pathname).toBe('/api/showcase.php');
    expect(calls[0]?.url.searchParams.get('niche')).toBe('1');
    expect(calls[0]?.url.searchParams.get('count')).toBe('12');
  });

  it('passes with the button and the left arrow; a like (right arrow) brings the signup prompt', async () => {
    const calls = await open();
    await onTop('Sanne, 31');
    fireEvent.click(screen.getByRole('button', { name: 'Pass on Sanne' }));
    await onTop('Lotte, 28');
    expect(within(topCard()).getByText('Online now')).toBeTruthy();
    expect(screen.getByText('2 of 7')).toBeTruthy();
    fireEvent.keyDown(document.body, { key: 'ArrowLeft' });
    await onTop('Femke, 35');

    fireEvent.keyDown(document.body, { key: 'ArrowRight' });
    const title = await screen.findByRole('heading', { name: 'You like Femke!' });
    await waitFor(() => expect(document.activeElement).toBe(title));
    const prompt = title.closest('section') as HTMLElement;
    expect(within(prompt).getByText(/like Femke for real, see who likes you back/)).toBeTruthy();
    expect(within(prompt).getByRole('link', { name: 'Sign up free' }).getAttribute('href')).toBe('/signup');
    // While the prompt is up, the keys leave the deck alone.
    fireEvent.keyDown(document.body, { key: 'ArrowLeft' });
    expect(screen.getByText('4 of 7')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Keep swiping' }));
    expect(screen.queryByRole('heading', { name: 'You like Femke!' })).toBeNull();
    await onTop('Iris, 40');
    // Swipes are the visitor's own: nothing was sent anywhere.
    expect(calls.map((c: Call) => `${c.method} ${c.url.pathname}`)).toEqual(['GET /api/showcase.php']);
  });

  it('without a like, invites signup after five swipes, and says so when the deck is done', async () => {
    await open();
    for (const name of ['Sanne', 'Lotte', 'Femke', 'Iris', 'Noor']) {
      await waitFor(() => screen.getByRole('button', { name: `Pass on ${name}` }));
      fireEvent.click(screen.getByRole('button', { name: `Pass on ${name}` }));
    }
    expect(await screen.findByRole('heading', { name: 'Seen someone you like?' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Keep swiping' }));
    for (const name of ['Eva', 'Anouk']) {
      await waitFor(() => screen.getByRole('button', { name: `Pass on ${name}` }));
      fireEvent.click(screen.getByRole('button', { name: `Pass on ${name}` }));
    }
    const end = await screen.findByRole('heading', { name: "You've seen everyone here" });
    expect(
      within(end.closest('section') as HTMLElement)
        .getByRole('link')
        .getAttribute('href'),
    ).toBe('/signup');
  });

  it('swipes a card dragged far enough; a short drag puts it back', async () => {
    await open();
    await onTop('Sanne, 31');
    const article = () => within(topCard()).getByRole('article');
    fireEvent.pointerDown(article(), { pointerId: 1, clientX: 200, button: 0, pointerType: 'touch' });
    fireEvent.pointerMove(article(), { pointerId: 1, clientX: 230 });
    fireEvent.pointerUp(article(), { pointerId: 1, clientX: 230 });
    await new Promise((r) => setTimeout(r, 350));
    await onTop('Sanne, 31');

    fireEvent.pointerDown(article(), { pointerId: 2, clientX: 200, button: 0, pointerType: 'touch' });
    fireEvent.pointerMove(article(), { pointerId: 2, clientX: 60 });
    fireEvent.pointerUp(article(), { pointerId: 2, clientX: 60 });
    await onTop('Lotte, 28');
  });

  it('where the site shows visitors no members, still offers the way in', async () => {
    await open([], false);
    expect(await screen.findByRole('heading', { name: 'Ready to swipe?' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Like/ })).toBeNull();
    const links = screen.getAllByRole('link', { name: 'Sign up free' });
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) expect(link.getAttribute('href')).toBe('/signup');
  });
});
