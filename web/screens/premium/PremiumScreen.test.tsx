import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import PremiumScreen from './PremiumScreen';
import { renderAt, timeBonus, USER, welcomeCode } from './test-support';

afterEach(() => vi.unstubAllGlobals());

const benefits = () => within(screen.getByRole('region', { name: 'What premium gives you' }));

describe('premium page', () => {
  it("tells a free member what premium gives, in the product's numbers", async () => {
    await renderAt('/premium', <PremiumScreen />, { timeBonus: null, welcome: null });
    expect(
      screen.getByRole('heading', { level: 1, name: 'Get more out of Amora with premium' }),
    ).toBeTruthy();
    expect(screen.getByText(/Premium comes with your first credit purchase/)).toBeTruthy();
    expect(benefits().getByRole('heading', { name: 'All photos, unblurred' })).toBeTruthy();
    expect(benefits().getByRole('heading', { name: 'Up to 25 photos' })).toBeTruthy();
    expect(benefits().getByText(/instead of 3\./)).toBeTruthy();
    expect(benefits().getByRole('heading', { name: 'Unlimited chats' })).toBeTruthy();
    expect(benefits().getByText(/Free members can start 2\./)).toBeTruthy();
    expect(benefits().getByRole('heading', { name: 'Your credits in sight' })).toBeTruthy();
    const ctas = screen.getAllByRole('link', { name: 'Buy credits and get premium' });
    expect(ctas.length).toBeGreaterThan(0);
    for (const cta of ctas) expect(cta.getAttribute('href')).toBe('/credits');
  });

  it('shows the time bonus that runs, with its countdown', async () => {
    await renderAt('/premium', <PremiumScreen />, { timeBonus: timeBonus(2 * 3600 + 5) });
    expect(screen.getByText('25% welcome bonus on your credits')).toBeTruthy();
    expect(screen.getByRole('timer').textContent).toBe('02:00:05');
  });

  it('shows the welcome discount when no time bonus runs', async () => {
    await renderAt('/premium', <PremiumScreen />, {
      timeBonus: null,
      welcome: welcomeCode(5 * 3_600_000 + 60_000),
    });
    expect(await screen.findByText('25% welcome discount on your credits')).toBeTruthy();
    expect(screen.getByText('5 hours left')).toBeTruthy();
  });

  it('thanks a premium member and offers more credits', async () => {
    await renderAt('/premium', <PremiumScreen />, { user: { ...USER, paid_user: true, credits: 40 } });
    expect(screen.getByRole('heading', { level: 1, name: 'You are a premium member' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Buy more credits' }).getAttribute('href')).toBe('/credits');
    expect(screen.queryByRole('timer')).toBeNull();
  });

  it('invites a visitor to sign up or log in', async () => {
    await renderAt('/premium', <PremiumScreen />, { user: null });
    expect(screen.getAllByRole('link', { name: 'Sign up for free' })[0]?.getAttribute('href')).toBe(
      '/signup',
    );
    expect(screen.getAllByRole('link', { name: 'Already a member? Log in' })[0]?.getAttribute('href')).toBe(
      '/login?redirect=%2Fpremium',
    );
  });

  it("states the site's fictional-profile disclosure where it has one", async () => {
    await renderAt(
      '/premium',
      <PremiumScreen />,
      { timeBonus: null, welcome: null },
      { fictional_warning: 'Some profiles are fictional.', fictional_plural: 'Fictional profiles' },
    );
    expect(screen.getByRole('complementary', { name: 'Fictional profiles' }).textContent).toContain(
      'Some profiles are fictional.',
    );
  });
});
