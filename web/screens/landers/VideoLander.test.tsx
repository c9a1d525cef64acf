import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProfileCard } from '../../../common/api/profile';
import { card } from '../members/test-support';
import type { SETTINGS } from '../transactions/test-support';
import { renderLander } from './test-support';
import VideoLander, { SCENE_MS } from './VideoLander';

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function reducedMotion(reduce: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query.includes('reduce') && reduce,
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

async function open(
  profiles: ProfileCard[],
  opts: { allowed?: boolean; settings?: Partial<typeof SETTINGS> } = {},
) {
  return renderLander(VideoLander, { lander: 'video', slug: 'gay-live' }, profiles, {
    allowed: opts.allowed,
    settings: opts.settings,
  });
}

const MEMBERS = [
  card(1, { name: 'Bram', age: 34, region: 'Utrecht' }),
  card(2, { name: 'Daan', age: 29, region: 'Zeeland', online: true }),
  card(3, { name: 'Joost', age: 41, region: 'Limburg' }),
];

const poster = (c: HTMLElement) => c.querySelector('.video-poster img') as HTMLImageElement;
const onStage = (c: HTMLElement) => c.querySelector('.video-scene.is-active strong')?.textContent;

async function start(container: HTMLElement) {
  fireEvent.load(poster(container));
  await waitFor(() => expect(container.querySelector('.video-scene.is-active img')).toBeTruthy());
  fireEvent.load(container.querySelector('.video-scene.is-active img') as HTMLImageElement);
}

describe('/landers/video', () => {
  it('shows the poster, then real members in the call frame, without sound', async () => {
    reducedMotion(false);
    const { calls, container } = await open(MEMBERS);
    expect(screen.getByRole('heading', { level: 1, name: 'Find someone to chat with' })).toBeTruthy();
    expect(poster(container).getAttribute('src')).toBe('/hero/gay-1280.webp');
    expect(poster(container).getAttribute('fetchpriority')).toBe('high');
    // No media file anywhere: nothing can play a sound.
    expect(container.querySelector('video, audio')).toBeNull();

    await screen.findByRole('button', { name: 'Pause preview' });
    expect(container.querySelector('.video-scene')).toBeNull();
    await start(container);
    await waitFor(() => expect(container.querySelector('.video-stage.is-started')).toBeTruthy());
    expect(onStage(container)).toBe('Bram, 34');
    expect(container.querySelector('.video-next span')?.textContent).toBe('Next: Daan');
    expect(container.querySelector('.video-muted')?.textContent).toBe('No sound');
    act(() => vi.advanceTimersByTime(SCENE_MS));
    expect(onStage(container)).toBe('Daan, 29');

    fireEvent.click(screen.getByRole('button', { name: 'Pause preview' }));
    expect(container.querySelector('.video-stage.is-paused')).toBeTruthy();
    act(() => vi.advanceTimersByTime(SCENE_MS * 3));
    expect(onStage(container)).toBe('Daan, 29');
    fireEvent.click(screen.getByRole('button', { name: 'Play preview' }));
    act(() => vi.advanceTimersByTime(SCENE_MS));
    expect(onStage(container)).toBe('Joost, 41');

    for (const cta of screen.getAllByRole('link', { name: 'Start chatting' }))
      expect(cta.getAttribute('href')).toBe('/signup');
    expect(calls[0]?.url.searchParams.get('niche')).toBe('7');
  });

  it('calls members available to chat only when they are online, and lists them first', async () => {
    reducedMotion(false);
    await open(MEMBERS);
    const list = within(await screen.findByRole('region', { name: 'Available to chat' }));
    const rows = list.getAllByRole('listitem');
    expect(rows.map((r) => r.querySelector('strong')?.textContent)).toEqual([
      'Daan, 29',
      'Bram, 34',
      'Joost, 41',
    ]);
    expect(within(rows[0] as HTMLElement).getByText('Online')).toBeTruthy();
    expect(within(rows[1] as HTMLElement).queryByText('Online')).toBeNull();
    expect(list.getByRole('link', { name: 'Chat with Bram' }).getAttribute('href')).toBe('/signup');
  });

  it('with nobody online, says neither "online" nor "available"', async () => {
    reducedMotion(false);
    await open(MEMBERS.map((m) => ({ ...m, online: false })));
    const list = within(await screen.findByRole('region', { name: 'Start a conversation' }));
    expect(list.getAllByRole('link', { name: /^Chat with/ })).toHaveLength(3);
    expect(screen.queryByText('Available to chat')).toBeNull();
    expect(screen.queryByText('Online')).toBeNull();
  });

  it('waits for the visitor to press play when they ask for reduced motion', async () => {
    reducedMotion(true);
    const { container } = await open(MEMBERS);
    fireEvent.click(await screen.findByRole('button', { name: 'Play preview' }));
    await start(container);
    await waitFor(() => expect(container.querySelector('.video-stage.is-started')).toBeTruthy());
    expect(onStage(container)).toBe('Bram, 34');
  });

  it('never starts by itself for reduced motion', async () => {
    reducedMotion(true);
    const { container } = await open(MEMBERS);
    await screen.findByRole('button', { name: 'Play preview' });
    await start(container);
    act(() => vi.advanceTimersByTime(SCENE_MS * 2));
    expect(container.querySelector('.video-stage.is-started')).toBeNull();
  });

  it("carries the site's disclosure on a fictional profile", async () => {
    reducedMotion(false);
    await open([card(1, { name: 'Ruben', fictional: true })], {
      settings: { fictional_warning: 'Some profiles are run by our team.', fictional_icon: '🎭' },
    });
    expect(await screen.findByRole('img', { name: 'Some profiles are run by our team.' })).toBeTruthy();
    expect(screen.getByText(/Some profiles are run by our team\./, { selector: 'p' })).toBeTruthy();
  });

  it('where members are hidden from visitors, keeps the poster and the way to signup', async () => {
    reducedMotion(false);
    const { container } = await open([], { allowed: false });
    expect(await screen.findByText('Sign up for free to see the members of Amora.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /preview/ })).toBeNull();
    expect(poster(container)).toBeTruthy();
    for (const cta of screen.getAllByRole('link', { name: 'Start chatting' }))
      expect(cta.getAttribute('href')).toBe('/signup');
  });
});
