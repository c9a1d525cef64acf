import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TIME_BONUS_MODAL_DELAY_MS } from '../../common/constants';
import { renderAt, router, timeBonus, USER } from '../screens/premium/test-support';
import { dismiss, dismissedAt } from '../state/dismissals';
import TimeBonusModal from './TimeBonusModal';

const tick = (ms: number) => act(() => vi.advanceTimersByTime(ms));
const dialog = () => screen.queryByRole('dialog');
const DISMISSAL = `time-bonus-modal:${USER.profile.id}`;

beforeEach(() => {
  window.localStorage.clear();
  vi.useFakeTimers({
    toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date', 'performance'],
  });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('time-bonus modal', () => {
  it('opens 40 s after entering the members area, with the bonus, the time left and a way to credits', async () => {
    await renderAt('/members', <TimeBonusModal />, { timeBonus: timeBonus(3600) });
    tick(TIME_BONUS_MODAL_DELAY_MS - 1);
    expect(dialog()).toBeNull();
    tick(1);
    const modal = dialog();
    expect(modal).not.toBeNull();
    expect(screen.getByRole('heading', { name: '25% welcome bonus!' })).toBeTruthy();
    expect(modal?.textContent).toContain('As a new member you now get 25% off every credit bundle.');
    expect(modal?.textContent).toContain('Act fast, your bonus ends in:');
    expect(screen.getByRole('timer').textContent).toBe('00:59:20');
    expect(screen.getByRole('button', { name: 'Close' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Buy credits with discount' }).getAttribute('href')).toBe(
      '/credits',
    );
    tick(1000);
    expect(screen.getByRole('timer').textContent).toBe('00:59:19');
  });

  it('is cancelled by leaving the area, and armed anew on coming back', async () => {
    await renderAt('/members', <TimeBonusModal />, { timeBonus: timeBonus(3600) });
    tick(20_000);
    act(() => router.go('/profile'));
    tick(TIME_BONUS_MODAL_DELAY_MS);
    expect(dialog()).toBeNull();
    act(() => router.go('/likes'));
    tick(TIME_BONUS_MODAL_DELAY_MS - 1000);
    expect(dialog()).toBeNull();
    tick(1000);
    expect(dialog()).not.toBeNull();
  });

  it('keeps counting while the member moves within the area', async () => {
    await renderAt('/members', <TimeBonusModal />, { timeBonus: timeBonus(3600) });
    tick(15_000);
    act(() => router.go('/members/5'));
    tick(15_000);
    act(() => router.go('/premium'));
    tick(TIME_BONUS_MODAL_DELAY_MS - 30_000);
    expect(dialog()).not.toBeNull();
  });

  it('does not open outside the members area', async () => {
    await renderAt('/profile', <TimeBonusModal />, { timeBonus: timeBonus(3600) });
    tick(2 * TIME_BONUS_MODAL_DELAY_MS);
    expect(dialog()).toBeNull();
  });

  it('does not open for a member with credits', async () => {
    await renderAt('/members', <TimeBonusModal />, {
      user: { ...USER, credits: 3 },
      timeBonus: timeBonus(3600),
    });
    tick(TIME_BONUS_MODAL_DELAY_MS);
    expect(dialog()).toBeNull();
  });

  it('does not open without a running bonus, nor once the bonus ran out', async () => {
    const none = await renderAt('/members', <TimeBonusModal />, { timeBonus: null });
    tick(TIME_BONUS_MODAL_DELAY_MS);
    expect(dialog()).toBeNull();
    none.unmount();
    await renderAt('/members', <TimeBonusModal />, { timeBonus: timeBonus(30) });
    tick(TIME_BONUS_MODAL_DELAY_MS);
    expect(dialog()).toBeNull();
  });

  it('does not open once dismissed', async () => {
    dismiss(DISMISSAL);
    await renderAt('/members', <TimeBonusModal />, { timeBonus: timeBonus(3600) });
    tick(TIME_BONUS_MODAL_DELAY_MS);
    expect(dialog()).toBeNull();
  });

  it('stores the dismissal when closed, and stays closed', async () => {
    await renderAt('/members', <TimeBonusModal />, { timeBonus: timeBonus(3600) });
    tick(TIME_BONUS_MODAL_DELAY_MS);
    expect(dismissedAt(DISMISSAL)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(dialog()).toBeNull();
    expect(dismissedAt(DISMISSAL)).not.toBeNull();
    act(() => router.go('/profile'));
    act(() => router.go('/members'));
    tick(TIME_BONUS_MODAL_DELAY_MS);
    expect(dialog()).toBeNull();
  });

  it('closes when the bonus reaches zero while it is open', async () => {
    await renderAt('/members', <TimeBonusModal />, { timeBonus: timeBonus(45) });
    tick(TIME_BONUS_MODAL_DELAY_MS);
    expect(screen.getByRole('timer').textContent).toBe('00:00:05');
    tick(5000);
    expect(dialog()).toBeNull();
  });
});
