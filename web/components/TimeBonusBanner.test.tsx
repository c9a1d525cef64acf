import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderAt, router, timeBonus, USER, welcomeCode } from '../screens/premium/test-support';
import TimeBonusBanner from './TimeBonusBanner';

const HOUR = 3_600_000;
const tick = (ms: number) => act(() => vi.advanceTimersByTime(ms));
const clock = () => screen.getByRole('timer').textContent;

beforeEach(() => {
  vi.useFakeTimers({
    toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date', 'performance'],
  });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('top banner: time bonus', () => {
  it('counts down every second as hh:mm:ss, with a way to credits', async () => {
    await renderAt('/members', <TimeBonusBanner />, { timeBonus: timeBonus(3600) });
    const banner = screen.getByRole('complementary', { name: 'Welcome bonus' });
    expect(banner.textContent).toContain('Your 25% welcome bonus on credits');
    expect(clock()).toBe('01:00:00');
    tick(1000);
    expect(clock()).toBe('00:59:59');
    tick(61_000);
    expect(clock()).toBe('00:58:58');
    expect(screen.getByRole('link', { name: 'Buy credits' }).getAttribute('href')).toBe('/credits');
  });

  it('does not move when the device clock is changed', async () => {
    await renderAt('/members', <TimeBonusBanner />, { timeBonus: timeBonus(3600) });
    tick(5000);
    expect(clock()).toBe('00:59:55');
    // The wall clock jumps two hours ahead (or back): the deadline is the server's, not the device's.
    act(() => vi.setSystemTime(Date.now() + 2 * HOUR));
    tick(1000);
    expect(clock()).toBe('00:59:54');
    act(() => vi.setSystemTime(Date.now() - 5 * HOUR));
    tick(1000);
    expect(clock()).toBe('00:59:53');
  });

  it('shows in every route of the members area and nowhere else', async () => {
    await renderAt('/likes', <TimeBonusBanner />, { timeBonus: timeBonus(600) });
    expect(screen.queryByRole('timer')).not.toBeNull();
    for (const path of ['/profile', '/credits', '/pricing', '/likes/given']) {
      act(() => router.go(path));
      expect(screen.queryByRole('timer'), path).toBeNull();
    }
    for (const path of ['/members', '/members/5', '/likes/m/5', '/premium', '/chats']) {
      act(() => router.go(path));
      expect(screen.queryByRole('timer'), path).not.toBeNull();
    }
  });

  it('ends at zero', async () => {
    await renderAt('/members', <TimeBonusBanner />, { timeBonus: timeBonus(2) });
    expect(clock()).toBe('00:00:02');
    tick(1000);
    expect(clock()).toBe('00:00:01');
    tick(1000);
    expect(screen.queryByRole('complementary')).toBeNull();
  });

  it('is not shown to a paid member, nor without a bonus', async () => {
    const paid = await renderAt('/members', <TimeBonusBanner />, {
      user: { ...USER, paid_user: true, credits: 40 },
      timeBonus: timeBonus(600),
    });
    expect(screen.queryByRole('complementary')).toBeNull();
    paid.unmount();
    await renderAt('/members', <TimeBonusBanner />, { timeBonus: null, welcome: null });
    tick(10);
    expect(screen.queryByRole('complementary')).toBeNull();
  });
});

describe('top banner: welcome discount', () => {
  it('shows the percentage and the hours left when no time bonus runs', async () => {
    await renderAt('/members', <TimeBonusBanner />, {
      timeBonus: null,
      welcome: welcomeCode(3 * HOUR + 20 * 60_000),
    });
    const banner = screen.getByRole('complementary', { name: 'Welcome discount' });
    expect(banner.textContent).toContain('Welcome discount: 25% off your credits');
    expect(banner.textContent).toContain('3 hours left');
    expect(screen.getByRole('link', { name: 'Buy credits' }).getAttribute('href')).toBe('/credits');
    tick(20 * 60_000 + 1000);
    expect(banner.textContent).toContain('2 hours left');
  });

  it('shows minutes under an hour, and goes when the code runs out', async () => {
    await renderAt('/members', <TimeBonusBanner />, { timeBonus: null, welcome: welcomeCode(45 * 60_000) });
    expect(screen.getByRole('complementary').textContent).toContain('45 minutes left');
    tick(44 * 60_000);
    expect(screen.getByRole('complementary').textContent).toContain('1 minute left');
    tick(61_000);
    expect(screen.queryByRole('complementary')).toBeNull();
  });

  it('gives way to the time bonus: only one banner at a time', async () => {
    await renderAt('/members', <TimeBonusBanner />, {
      timeBonus: timeBonus(5),
      welcome: welcomeCode(3 * HOUR),
    });
    expect(screen.getAllByRole('complementary')).toHaveLength(1);
    expect(screen.getByRole('complementary', { name: 'Welcome bonus' })).toBeTruthy();
    // When the time bonus ends, the welcome discount takes its place.
    tick(5000);
    expect(screen.getAllByRole('complementary')).toHaveLength(1);
    expect(screen.getByRole('complementary', { name: 'Welcome discount' })).toBeTruthy();
  });

  it('is not shown to a paid member', async () => {
    await renderAt('/members', <TimeBonusBanner />, {
      user: { ...USER, paid_user: true, credits: 3 },
      timeBonus: null,
      welcome: welcomeCode(3 * HOUR),
    });
    expect(screen.queryByRole('complementary')).toBeNull();
  });
});
