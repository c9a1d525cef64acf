import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import PricingScreen from './PricingScreen';
import { CREDITS, renderAt, USER } from './test-support';

afterEach(() => vi.unstubAllGlobals());

describe('pricing page', () => {
  it('lists the bundles in the local currency with the price per message and the popular mark', async () => {
    await renderAt('/pricing', <PricingScreen />, { user: null });
    expect(screen.getByRole('heading', { level: 1, name: 'Pricing' })).toBeTruthy();
    const list = await screen.findByRole('list', { name: 'Credit bundles' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]?.textContent).toContain('10 credits');
    expect(items[0]?.textContent).toContain('€9.95');
    expect(items[0]?.textContent).toContain('€1.00 per message');
    expect(items[0]?.textContent).not.toContain('Most popular');
    expect(items[1]?.textContent).toContain('Most popular');
    expect(items[1]?.textContent).toContain('€39.95');
    expect(screen.getByText('Prices in EUR for Netherlands.')).toBeTruthy();
  });

  it('shows a discounted price beside the list price', async () => {
    const pkg = { ...CREDITS.packages[0], discounted_price: 746, id: 9 } as (typeof CREDITS.packages)[0];
    await renderAt('/pricing', <PricingScreen />, { credits: { body: { ...CREDITS, packages: [pkg] } } });
    const item = await screen.findByRole('listitem');
    expect(item.querySelector('del')?.textContent).toContain('€9.95');
    expect(item.querySelector('ins')?.textContent).toContain('€7.46');
  });

  it('says what a message, a photo and a gift cost, and the money-back period', async () => {
    await renderAt('/pricing', <PricingScreen />, { user: null }, { refund_days: 14 });
    await screen.findByRole('list', { name: 'Credit bundles' });
    const costs = within(screen.getByRole('region', { name: 'What things cost' }));
    const row = (name: string) => costs.getByText(name).parentElement?.textContent;
    // In money as well: what the quote's packages make a credit cost, the same figures as the packages.
    expect(row('Sending a message')).toMatch(/^Sending a message1 credit ≈ €0\.80\s?–\s?€1\.00$/);
    expect(row('Sending a photo')).toContain('2 credits');
    expect(row('Sending a gift')).toContain('5 credits');
    expect(costs.getByText('New members get 3 credits for free.')).toBeTruthy();
    const refund = within(screen.getByRole('region', { name: 'Money-back period' }));
    expect(refund.getByText('You can ask for your money back within 14 days of your purchase.')).toBeTruthy();
    expect(refund.getByRole('link', { name: 'Read the return policy' }).getAttribute('href')).toBe(
      '/pages/return-policy',
    );
  });

  it('leads a visitor to sign up and a member to the credits', async () => {
    const visitor = await renderAt('/pricing', <PricingScreen />, { user: null });
    expect(screen.getByRole('link', { name: 'Sign up for free' }).getAttribute('href')).toBe('/signup');
    visitor.unmount();
    await renderAt('/pricing', <PricingScreen />, { user: USER });
    expect(screen.getByRole('link', { name: 'Buy credits' }).getAttribute('href')).toBe('/credits');
  });

  it("shows the server's message when the prices cannot be had", async () => {
    await renderAt('/pricing', <PricingScreen />, {
      credits: { status: 404, body: { error: 'not_found', message: 'Geen pakketten gevonden' } },
    });
    expect((await screen.findByRole('alert')).textContent).toBe('Geen pakketten gevonden');
  });
});
