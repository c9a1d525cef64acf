import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CREDIT_BADGE_THRESHOLD } from '../../common/constants';
import { renderAt, USER } from '../screens/premium/test-support';
import { creditsBadge } from './CreditsLink';
import MemberNav from './MemberNav';

afterEach(() => vi.unstubAllGlobals());

const paid = (credits: number) => ({ ...USER, paid_user: true, credits });
const creditsLink = () => screen.getByRole('link', { name: /^Credits/ });
const count = () => creditsLink().querySelector('.member-nav-credits');

describe('credits badge rule', () => {
  it('is danger at 0, a warning from 1 up to the threshold, nothing above', () => {
    expect(creditsBadge(0)).toBe('danger');
    expect(creditsBadge(1)).toBe('warning');
    expect(creditsBadge(CREDIT_BADGE_THRESHOLD)).toBe('warning');
    expect(creditsBadge(CREDIT_BADGE_THRESHOLD + 1)).toBeNull();
  });
});

describe('top bar: credits or get premium', () => {
  it('shows a paid member the number of credits, linking to /credits, without a badge above 10', async () => {
    await renderAt('/members', <MemberNav />, { user: paid(120) });
    expect(creditsLink().getAttribute('href')).toBe('/credits');
    expect(creditsLink().textContent).toContain('120');
    expect(count()?.className).toBe('member-nav-credits');
    expect(screen.queryByRole('link', { name: 'Get premium' })).toBeNull();
  });

  it('turns the number into a warning badge at 10 or fewer', async () => {
    await renderAt('/members', <MemberNav />, { user: paid(CREDIT_BADGE_THRESHOLD) });
    expect(count()?.classList.contains('is-warning')).toBe(true);
    expect(count()?.textContent).toBe('10');
    expect(creditsLink().textContent).toContain('only 10 left');
  });

  it('turns it into a danger badge at 0', async () => {
    await renderAt('/members', <MemberNav />, { user: paid(0) });
    expect(count()?.classList.contains('is-danger')).toBe(true);
    expect(count()?.classList.contains('is-warning')).toBe(false);
    expect(creditsLink().textContent).toContain('none left');
  });

  it('offers a non-paid member premium instead of the credits', async () => {
    await renderAt('/members', <MemberNav />, { user: { ...USER, paid_user: false, credits: 3 } });
    expect(screen.getByRole('link', { name: 'Get premium' }).getAttribute('href')).toBe('/premium');
    expect(screen.queryByRole('link', { name: /^Credits/ })).toBeNull();
    // The member's other items stay as they were.
    expect(screen.getByRole('link', { name: 'Search members' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Likes' })).toBeTruthy();
  });
});
