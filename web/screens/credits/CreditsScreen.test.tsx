import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setEnteredCode } from './entered-code';
import {
  api,
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
/** The credits.php answer for the code asked with, from `codes` (none: list prices). */
const credits =
  (codes: Record<string, ReturnType<typeof code>> = {}) =>
  (call: Call) => {
    if (call.url.pathname !== '/api/credits.php') return undefined;
    const asked = askedWith(call);
    return { body: creditsAnswer({ discount: asked ? (codes[asked] ?? null) : null }) };
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
    // A member who paid before gets no welcome code or time bonus, so neither is asked for.
    expect(calls.some((c) => c.url.pathname === '/api/timebonus.php')).toBe(false);
    expect(askedWith(creditsCalls(calls)[0])).toBeNull();
    fireEvent.click(link);
    expect(where(container)).toBe('/credits/2');
  });

  it('prices with the running time bonus before the welcome code, list price struck through', async () => {
    const bonus = code('TIMEBONUS25', 25);
    const welcome = code('WELCOME-7', 25, { expires: new Date(Date.now() + 3 * 3_600_000).toISOString() });
    const calls = mockFetch(
      api(credits({ TIMEBONUS25: bonus, 'WELCOME-7': welcome }), { timeBonus: 3600, welcome }),
    );
    await renderAt('/credits');
    const card = (await screen.findByRole('link', { name: '100 credits' })).closest('li') as HTMLElement;
    await within(card).findByText('25% off with code TIMEBONUS25');
    expect(card.querySelector('.credits-price-now')?.textContent).toBe('€18.71');
    expect(card.querySelector('del')?.textContent).toBe('List price: €24.95');
    expect(creditsCalls(calls).map(askedWith)).toEqual(['TIMEBONUS25']);
    expect(screen.getByText('Time bonus: 25% off every package')).toBeTruthy();
    expect(screen.getByRole('timer').textContent).toMatch(/^0(1:00:00|0:59:5\d)$/);
  });

  it('prices with the welcome code when no time bonus runs, with its time left in hours', async () => {
    const welcome = code('WELCOME-7', 25, {
      expires: new Date(Date.now() + 3 * 3_600_000 - 60_000).toISOString(),
    });
    const calls = mockFetch(api(credits({ 'WELCOME-7': welcome }), { timeBonus: null, welcome }));
    await renderAt('/credits');
    expect(await screen.findByText('Welcome discount: 25% off every package')).toBeTruthy();
    expect(screen.getByText('Still valid for 2 hours')).toBeTruthy();
    expect(screen.getAllByText('25% off with code WELCOME-7')).toHaveLength(3);
    expect(creditsCalls(calls).map(askedWith)).toEqual(['WELCOME-7']);
  });

  it('takes an entered code over the automatic discount, says it applies, and lets it be removed', async () => {
    const bonus = code('TIMEBONUS25', 25);
    const summer = code('SUMMER10', 10, { paymentmethods: ['ideal', 'paypal'] });
    const calls = mockFetch(
      api(
        (call) =>
          call.url.pathname === '/api/discountcode.php' && call.url.searchParams.get('code') === 'SUMMER10'
            ? { body: { discount_code: summer } }
            : credits({ TIMEBONUS25: bonus, SUMMER10: summer })(call),
        { timeBonus: 3600 },
      ),
    );
    await renderAt('/credits');
    await screen.findAllByText('25% off with code TIMEBONUS25');
    fireEvent.change(screen.getByLabelText('Discount code'), { target: { value: 'summer10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Code SUMMER10 applies: 10% off.')).toBeTruthy();
    expect(screen.getByText('Only when you pay with iDEAL, PayPal.')).toBeTruthy();
    expect(screen.getAllByText('10% off with code SUMMER10')).toHaveLength(3);
    expect(screen.queryByText('Time bonus: 25% off every package')).toBeNull();
    expect(
      calls.find((c) => c.url.pathname === '/api/discountcode.php' && c.url.searchParams.has('code')),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Remove code SUMMER10' }));
    expect(await screen.findByText('Time bonus: 25% off every package')).toBeTruthy();
    expect(screen.queryByText('Code SUMMER10 applies: 10% off.')).toBeNull();
  });

  it.each([
    [409, 'discount_code_used', 'You have already used this code.'],
    [404, 'discount_code_unknown', 'This discount code does not exist.'],
    [400, 'discount_code_expired', 'This discount code has expired.'],
  ])('shows the server message when the code is refused (%i %s)', async (status, errorCode, message) => {
    const calls = mockFetch(
      api(
        (call) =>
          call.url.searchParams.get('code') === 'OLD1' ? error(status, errorCode, message) : credits()(call),
        { user: PAID_USER },
      ),
    );
    await renderAt('/credits', { user: PAID_USER });
    await screen.findByRole('link', { name: '100 credits' });
    fireEvent.change(screen.getByLabelText('Discount code'), { target: { value: 'OLD1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(screen.getByLabelText('Discount code').getAttribute('aria-invalid')).toBe('true');
    expect(creditsCalls(calls).some((c) => askedWith(c) === 'OLD1')).toBe(false);
  });

  it('says so when a valid code does not lower these prices, and checks the form of a code first', async () => {
    const calls = mockFetch(
      api(
        (call) =>
          call.url.pathname === '/api/discountcode.php'
            ? { body: { discount_code: code('BIGORDER', 20, { minimum_order_value: 10_000 }) } }
            : credits()(call),
        { user: PAID_USER },
      ),
    );
    await renderAt('/credits', { user: PAID_USER });
    await screen.findByRole('link', { name: '100 credits' });
    fireEvent.change(screen.getByLabelText('Discount code'), { target: { value: 'no spaces!' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'A discount code has only letters, digits and dashes.',
    );
    expect(calls.some((c) => c.url.pathname === '/api/discountcode.php')).toBe(false);
    fireEvent.change(screen.getByLabelText('Discount code'), { target: { value: 'BIGORDER' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'Code BIGORDER does not lower the price of these packages.',
      ),
    );
    expect(screen.queryByText(/applies:/)).toBeNull();
  });

  it('drops an entered code the server no longer prices with, says why, and shows the list prices', async () => {
    setEnteredCode('SUMMER10');
    const calls = mockFetch(
      api(
        (call) =>
          askedWith(call) === 'SUMMER10'
            ? error(409, 'discount_code_used', 'You have already used this code.')
            : credits()(call),
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
