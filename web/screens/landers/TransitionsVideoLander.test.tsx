import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProfileCard } from '../../../common/api/profile';
import { card } from '../members/test-support';
import type { SETTINGS } from '../transactions/test-support';
import TransitionsVideoLander, { SLIDE_MS } from './TransitionsVideoLander';
import { renderLander } from './test-support';

beforeEach(() => {
  // Time runs on its own (the page's fetch and paints), and the test moves it on between photos.
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** The visitor's screen: phone-wide, and with or without "reduce motion". */
function media({ wide = false, reduce = false }) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: (query.includes('min-width') && wide) || (query.includes('reduce') && reduce),
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

async function open(
  profiles: ProfileCard[],
  opts: { allowed?: boolean; settings?: Partial<typeof SETTINGS> } = {},
) {
  return renderLander(
    TransitionsVideoLander,
    { lander: 'transitionsvideolanding', slug: 'gilf-video' },
    profiles,
    { allowed: opts.allowed, settings: opts.settings },
  );
}

const MEMBERS = [
  card(1, { name: 'Greet', age: 67, region: 'Utrecht' }),
  card(2, { name: 'Anneke', age: 64, region: 'Zeeland' }),
  card(3, { name: 'Riet', age: 70, region: 'Limburg' }),
  card(4, { name: 'Joke', age: 66, region: 'Drenthe' }),
];

const poster = (c: HTMLElement) => c.querySelector('.reel-poster img') as HTMLImageElement;
const active = (c: HTMLElement) =>
  [...c.querySelectorAll('.reel-slide.is-active strong')].map((s) => s.textContent);

describe('/landers/transitionsvideolanding', () => {
  it('paints the poster first, then crossfades real members once their photos are there', async () => {
    media({});
    const { calls, container } = await open(MEMBERS);
    expect(
      screen.getByRole('heading', { level: 1, name: 'Get to know the people behind the photos' }),
    ).toBeTruthy();
    expect(poster(container).getAttribute('src')).toBe('/hero/gilf-1280.webp');
    expect(poster(container).getAttribute('fetchpriority')).toBe('high');
    const grid = within(await screen.findByRole('region', { name: 'Members in the slideshow' }));
    expect((await grid.findAllByRole('link')).map((l) => l.textContent)).toEqual([
      'Greet, 67Utrecht',
      'Anneke, 64Zeeland',
      'Riet, 70Limburg',
      'Joke, 66Drenthe',
    ]);

    // Before the poster has loaded no member photo is even fetched.
    expect(container.querySelector('.reel-slide')).toBeNull();
    fireEvent.load(poster(container));
    await waitFor(() => expect(container.querySelectorAll('.reel-slide')).toHaveLength(4));
    expect(container.querySelector('.reel-media.is-started')).toBeNull();
    // Only the photo shown and the next one are fetched.
    expect(container.querySelectorAll('.reel-slide img')).toHaveLength(2);

    fireEvent.load(container.querySelector('.reel-slide img') as HTMLImageElement);
    await waitFor(() => expect(container.querySelector('.reel-media.is-started')).toBeTruthy());
    expect(active(container)).toEqual(['Greet, 67']);
    act(() => vi.advanceTimersByTime(SLIDE_MS));
    expect(active(container)).toEqual(['Anneke, 64']);
    // The one before stays under the new one while it fades in.
    expect(container.querySelector('.reel-slide.is-leaving strong')?.textContent).toBe('Greet, 67');
    expect(container.querySelectorAll('.reel-slide img')).toHaveLength(3);

    for (const cta of screen.getAllByRole('link', { name: 'Sign up free' }))
      expect(cta.getAttribute('href')).toBe('/signup');
    expect(calls[0]?.url.searchParams.get('niche')).toBe('5');
  });

  it('pauses by its button and while the pointer or focus is on the stage', async () => {
    media({});
    const { container } = await open(MEMBERS);
    await screen.findByText('Joke, 66');
    fireEvent.load(poster(container));
    await waitFor(() => expect(container.querySelector('.reel-slide img')).toBeTruthy());
    fireEvent.load(container.querySelector('.reel-slide img') as HTMLImageElement);
    await waitFor(() => expect(container.querySelector('.reel-media.is-started')).toBeTruthy());

    fireEvent.click(screen.getByRole('button', { name: 'Pause slideshow' }));
    expect(container.querySelector('.reel-media.is-paused')).toBeTruthy();
    act(() => vi.advanceTimersByTime(SLIDE_MS * 2));
    expect(active(container)).toEqual(['Greet, 67']);
    fireEvent.click(screen.getByRole('button', { name: 'Play slideshow' }));
    act(() => vi.advanceTimersByTime(SLIDE_MS));
    expect(active(container)).toEqual(['Anneke, 64']);

    const stage = screen.getByRole('region', { name: 'Get to know the people behind the photos' });
    fireEvent.mouseEnter(stage);
    expect(screen.getByRole('button', { name: 'Play slideshow' })).toBeTruthy();
    act(() => vi.advanceTimersByTime(SLIDE_MS * 2));
    expect(active(container)).toEqual(['Anneke, 64']);
    // "Play" pressed with the pointer on the stage plays all the same.
    fireEvent.click(screen.getByRole('button', { name: 'Play slideshow' }));
    act(() => vi.advanceTimersByTime(SLIDE_MS));
    expect(active(container)).toEqual(['Riet, 70']);
    fireEvent.mouseLeave(stage);
    act(() => vi.advanceTimersByTime(SLIDE_MS));
    expect(active(container)).toEqual(['Joke, 66']);
  });

  it('on wide screens plays three lanes side by side', async () => {
    media({ wide: true });
    const { container } = await open(MEMBERS);
    await screen.findByText('Joke, 66');
    fireEvent.load(poster(container));
    await waitFor(() => expect(container.querySelectorAll('.reel-lane')).toHaveLength(3));
    for (const img of container.querySelectorAll<HTMLImageElement>('.reel-lane .reel-slide:first-child img'))
      fireEvent.load(img);
    await waitFor(() => expect(container.querySelector('.reel-media.is-started')).toBeTruthy());
    expect(active(container)).toEqual(['Greet, 67', 'Anneke, 64', 'Riet, 70']);
  });

  it('moves nothing for visitors who ask for reduced motion', async () => {
    media({ reduce: true });
    const { container } = await open(MEMBERS);
    await screen.findByText('Joke, 66');
    fireEvent.load(poster(container));
    act(() => vi.advanceTimersByTime(SLIDE_MS * 2));
    expect(container.querySelector('.reel-slide')).toBeNull();
    expect(screen.queryByRole('button', { name: /slideshow/ })).toBeNull();
    expect(poster(container)).toBeTruthy();
  });

  it("carries the site's disclosure on a fictional profile", async () => {
    media({});
    await open([card(1, { name: 'Chantal', fictional: true })], {
      settings: { fictional_warning: 'Some profiles are run by our team.', fictional_icon: '🎭' },
    });
    expect(await screen.findByRole('img', { name: 'Some profiles are run by our team.' })).toBeTruthy();
    expect(screen.getByText(/Some profiles are run by our team\./, { selector: 'p' })).toBeTruthy();
  });
});
