import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AutomaticDiscount } from '../../../common/api/payments';
import { setEnteredCode } from '../../state/entered-code';
import {
  api,
  automaticDiscount,
  type Call,
  code,
  creditsAnswer,
  error,
  mockFetch,
  PAID_USER,
  renderAt,
  where,
} from './test-support';

const creditsCalls = (calls: Call[]) => calls.filter((c) => c.url.pathname === '/api/credits.php');
const askedWith = (c: Call | undefined) => c?.url.searchParams.get('discount_code') ?? null;
/**
 * The credits.php answer as the server quotes it: the code asked with from `codes` (one not there,
 * or refused by `refuse`, is an error), and the member's automatic discount `auto`.
 */
const credits =
  (
    codes: Record<string, ReturnType<typeof code>> = {},
    auto: AutomaticDiscount | null = null,
    refuse: Record<string, ReturnType<typeof error>> = {},
  ) =>
  (call: Call) => {
    if (call.url.pathname !== '/api/credits.php') return undefined;
    const asked = askedWith(call);
    if (asked && refuse[asked]) return refuse[asked];
    if (asked && !codes[asked])
      return error(404, 'discount_code_unknown', 'This discount code does not exist.');
    return { body: creditsAnswer({ discount: asked ? (codes[asked] ?? null) : null, automatic: auto }) };
  };

beforeEach(() => setEnteredCode(null));
afterEach(() => vi.unstubAllGlobals());

describe('credits page', () => {
  it('shows the packages as cards with price, price per message and the most popular mark', async () => {
    const calls = mockFetch(api(credits(), { user: PAID_USER }));
    const { container } = await renderAt('/credits', { user: PAID_USER });
    const link = await screen.findByRole('link', { name: '100 credits' });
    expect(link.getAttribute('href')).toBe('/credits/2');
    const card = link.closest('li') as HTMLElement;
    expect(card.textContent).toContain('€24.95');
    expect(card.textContent).toContain('€0.25 per message');
    expect(within(card).getByText('Most popular')).toBeTruthy();
    expect(card.querySelector('del')).toBeNull();
    const small = screen.getByRole('link', { name: '50 credits' }).closest('li') as HTMLElement;
    expect(within(small).queryByText('Most popular')).toBeNull();
    expect(screen.getByText('You have 40 credits')).toBeTruthy();
    // One request: the quote. No discount is looked up or computed in the browser.
    expect(calls.filter((c) => c.url.pathname !== '/api/user.php').map((c) => c.url.pathname)).toEqual([
      '/api/credits.php',
    ]);
    expect(askedWith(creditsCalls(calls)[0])).toBeNull();
    fireEvent.click(link);
    expect(where(container)).toBe('/credits/2');
  });

  it('shows the time bonus the quote priced with, list price struck through, and its countdown', async () => {
    const calls = mockFetch(api(credits({}, automaticDiscount('time_bonus', 3600))));
    await renderAt('/credits');
    const card = (await screen.findByRole('link', { name: '100 credits' })).closest('li') as HTMLElement;
    await within(card).findByText('25% off with code TIMEBONUS25');
    expect(card.querySelector('.credits-price-now')?.textContent).toBe('€18.71');
    expect(card.querySelector('del')?.textContent).toBe('List price: €24.95');
    expect(creditsCalls(calls).map(askedWith)).toEqual([null]);
    expect(screen.getByText('Welcome bonus: 25% off every package')).toBeTruthy();
    expect(screen.getByRole('timer').textContent).toMatch(/^0(1:00:00|0:59:5\d)$/);
  });

  it('shows the welcome discount the quote priced with, with its time left in hours', async () => {
    mockFetch(api(credits({}, automaticDiscount('welcome', 3 * 3600 - 60))));
    await renderAt('/credits');
    expect(await screen.findByText('Welcome discount: 25% off every package')).toBeTruthy();
    expect(screen.getByText('Still valid for 2 hours')).toBeTruthy();
    expect(screen.getAllByText('25% off with code WELCOME25')).toHaveLength(3);
  });

  it('says so when an unfinished payment holds the automatic discount, and prices without it', async () => {
    mockFetch(api(credits({}, automaticDiscount('time_bonus', 3600, { reserved: true }))));
    await renderAt('/credits');
    await screen.findByRole('link', { name: '100 credits' });
    expect(
      screen.getByText(
        'Your 25% discount is held for a payment you have not finished yet. Finish that payment; if it is cancelled or expires, the discount applies here again.',
      ),
    ).toBeTruthy();
    expect(screen.queryByText(/25% off with code/)).toBeNull();
    expect(screen.queryByRole('timer')).toBeNull();
  });

  it('takes an entered code that beats the time bonus, says it applies, and lets it be removed', async () => {
    const summer = code('SUMMER30', 30, { paymentmethods: ['ideal', 'paypal'] });
    const calls = mockFetch(api(credits({ SUMMER30: summer }, automaticDiscount('time_bonus', 3600))));
    await renderAt('/credits');
    await screen.findAllByText('25% off with code TIMEBONUS25');
    fireEvent.change(screen.getByLabelText('Discount code'), { target: { value: 'summer30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Code SUMMER30 applies: 30% off.')).toBeTruthy();
    expect(screen.getByText('Only when you pay with iDEAL, PayPal.')).toBeTruthy();
    expect(screen.getAllByText('30% off with code SUMMER30')).toHaveLength(3);
    expect(screen.queryByText('Welcome bonus: 25% off every package')).toBeNull();
    // The code is checked by the quote itself: no separate lookup.
    expect(calls.some((c) => c.url.pathname === '/api/discountcode.php')).toBe(false);
    expect(creditsCalls(calls).map(askedWith)).toEqual([null, 'SUMMER30']);
    fireEvent.click(screen.getByRole('button', { name: 'Remove code SUMMER30' }));
    expect(await screen.findByText('Welcome bonus: 25% off every package')).toBeTruthy();
    expect(screen.queryByText('Code SUMMER30 applies: 30% off.')).toBeNull();
  });

  it('refuses a code worse than the time bonus with the reason, and keeps the bonus and its prices', async () => {
    const worse = error(
      400,
      'discount_code_worse',
      'Your current discount of 25% is better than this code, so it stays.',
    );
    mockFetch(api(credits({}, automaticDiscount('time_bonus', 3600), { AMORA10: worse })));
    await renderAt('/credits');
    await screen.findAllByText('25% off with code TIMEBONUS25');
    fireEvent.change(screen.getByLabelText('Discount code'), { target: { value: 'amora10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Your current discount of 25% is better than this code, so it stays.',
    );
    expect(screen.getByText('Welcome bonus: 25% off every package')).toBeTruthy();
    const card = screen.getByRole('link', { name: '50 credits' }).closest('li') as HTMLElement;
    expect(card.querySelector('.credits-price-now')?.textContent).toBe('€11.21');
    expect(screen.queryByText(/applies:/)).toBeNull();
    expect(window.sessionStorage.getItem('credits.discount_code')).toBeNull();
  });

  it.each([
    [409, 'discount_code_used', 'You have already used this code.'],
    [404, 'discount_code_unknown', 'This discount code does not exist.'],
    [400, 'discount_code_expired', 'This discount code has expired.'],
    [400, 'discount_code_not_applicable', 'This discount code does not apply to this order.'],
  ])('shows the server message when the code is refused (%i %s)', async (status, errorCode, message) => {
    mockFetch(api(credits({}, null, { OLD1: error(status, errorCode, message) }), { user: PAID_USER }));
    await renderAt('/credits', { user: PAID_USER });
    await screen.findByRole('link', { name: '100 credits' });
    fireEvent.change(screen.getByLabelText('Discount code'), { target: { value: 'OLD1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(screen.getByLabelText('Discount code').getAttribute('aria-invalid')).toBe('true');
    const card = screen.getByRole('link', { name: '100 credits' }).closest('li') as HTMLElement;
    expect(card.querySelector('del')).toBeNull();
  });

  it('checks the form of a code before asking', async () => {
    const calls = mockFetch(api(credits(), { user: PAID_USER }));
    await renderAt('/credits', { user: PAID_USER });
    await screen.findByRole('link', { name: '100 credits' });
    fireEvent.change(screen.getByLabelText('Discount code'), { target: { value: 'no spaces!' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'A discount code has only letters, digits and dashes.',
    );
    await waitFor(() => expect(creditsCalls(calls).map(askedWith)).toEqual([null]));
  });

  it('drops an entered code the server no longer prices with, says why, and shows the list prices', async () => {
    setEnteredCode('SUMMER10');
    const calls = mockFetch(
      api(
        credits({}, null, { SUMMER10: error(409, 'discount_code_used', 'You have already used this code.') }),
        { user: PAID_USER },
      ),
    );
    await renderAt('/credits', { user: PAID_USER });
    expect(
      await screen.findByText('Code SUMMER10 no longer applies: You have already used this code.'),
    ).toBeTruthy();
    const card = (await screen.findByRole('link', { name: '100 credits' })).closest('li') as HTMLElement;
    expect(card.querySelector('del')).toBeNull();
    expect(creditsCalls(calls).map(askedWith)).toEqual(['SUMMER10', null]);
    expect(window.sessionStorage.getItem('credits.discount_code')).toBeNull();
  });

  it("states the site's fictional-profile disclosure before the packages", async () => {
    mockFetch(api(credits(), { user: PAID_USER }));
    await renderAt('/credits', {
      user: PAID_USER,
      settings: {
        fictional_warning: 'Some profiles are run by our team to keep the conversation going.',
        fictional_singular: 'team profile',
        fictional_plural: 'team profiles',
        fictional_icon: '🎭',
      },
    });
    const first = await screen.findByRole('link', { name: '50 credits' });
    const notice = screen.getByRole('complementary', { name: 'Good to know before you buy: team profiles' });
    expect(notice.textContent).toContain('Some profiles are run by our team to keep the conversation going.');
    expect(notice.textContent).toContain('Marked on profiles with 🎭 (team profile).');
    expect(notice.compareDocumentPosition(first) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('has no disclosure where the site has no fictional profiles', async () => {
    mockFetch(api(credits(), { user: PAID_USER }));
    await renderAt('/credits', { user: PAID_USER });
    await screen.findByRole('link', { name: '50 credits' });
    expect(screen.queryByRole('complementary', { name: /Good to know/ })).toBeNull();
  });

  it('offers the last order again', async () => {
    mockFetch(
      api(
        (call) =>
          call.url.pathname === '/api/credits.php'
            ? { body: creditsAnswer({ last_order: { package_id: 2, method: 'ideal' } }) }
            : undefined,
        { user: PAID_USER },
      ),
    );
    await renderAt('/credits', { user: PAID_USER });
    const link = await screen.findByRole('link', { name: 'Buy again: 100 credits with iDEAL' });
    expect(link.getAttribute('href')).toBe('/credits/repeat-order');
  });

  it('offers a retry when the packages cannot be loaded', async () => {
    let fail = true;
    mockFetch(
      api(
        (call) =>
          call.url.pathname === '/api/credits.php' && fail
            ? error(400, 'invalid_input', 'x')
            : credits()(call),
        {
          user: PAID_USER,
        },
      ),
    );
    await renderAt('/credits', { user: PAID_USER });
    expect((await screen.findByRole('alert')).textContent).toContain('The packages could not be loaded.');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: '100 credits' })).toBeTruthy();
  });

  it('sends a visitor to log in, and back here afterwards', async () => {
    const calls = mockFetch(api(credits()));
    const { container } = await renderAt('/credits', { user: null });
    await screen.findByText('login page');
    expect(where(container)).toBe('/login?redirect=%2Fcredits');
    expect(creditsCalls(calls)).toHaveLength(0);
  });
});
