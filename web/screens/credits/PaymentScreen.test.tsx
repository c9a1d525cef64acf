import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AutomaticDiscount } from '../../../common/api/payments';
import type { PaymentMethod } from '../../../common/rules/payment-methods';
import { setEnteredCode } from '../../state/entered-code';
import { checkout } from './checkout';
import {
  api,
  automaticDiscount,
  type Call,
  code,
  creditsAnswer,
  error,
  mockFetch,
  PAID_USER,
  payment,
  renderAt,
  where,
} from './test-support';

const bonus = automaticDiscount('time_bonus', 3600);
/** The method a quote was asked for, or null. */
const askedMethod = (call: Call) => (call.url.searchParams.get('method') as PaymentMethod | null) ?? null;
/** credits.php as the server answers: `auto` the member's automatic discount; `methods` of the payment country. */
const credits =
  (methods?: PaymentMethod[], auto: AutomaticDiscount | null = null) =>
  (call: Call) =>
    call.url.pathname === '/api/credits.php'
      ? { body: creditsAnswer({ methods, automatic: auto, method: askedMethod(call) }) }
      : undefined;
const posts = (calls: Call[]) =>
  calls.filter((c) => c.method === 'POST' && c.url.pathname === '/api/payments.php');
const started = (extra = {}) => ({
  status: 201,
  body: { payment: payment(extra), checkout_url: 'https://pay.example/checkout/1' },
});

let go: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  setEnteredCode(null);
  go = vi.spyOn(checkout, 'go').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('method choice', () => {
  it("lists the payment country's methods from the answer, in its order, Apple Pay only where the browser has it", async () => {
    mockFetch(api(credits(), { user: PAID_USER }));
    await renderAt('/credits/2', { user: PAID_USER });
    const list = await screen.findByRole('list', { name: 'Payment methods' });
    const names = within(list)
      .getAllByRole('link')
      .map((a) => a.querySelector('.pay-method-name')?.textContent);
    expect(names).toEqual(['iDEAL', 'Credit card', 'PayPal', 'Paysafecard', 'Bank transfer', 'Direct debit']);
    expect(within(list).getByRole('link', { name: /iDEAL/ }).getAttribute('href')).toBe('/credits/2/ideal');
    expect(within(list).getByRole('link', { name: /Credit card/ }).textContent).toContain(
      'Visa, Mastercard, Maestro',
    );
    expect(
      within(list)
        .getByRole('link', { name: /Direct debit/ })
        .getAttribute('href'),
    ).toBe('/directdebit?package=2');
  });

  it('lists the local methods of another country, and Apple Pay where the device can pay with it', async () => {
    vi.stubGlobal('ApplePaySession', { canMakePayments: () => true });
    mockFetch(
      api(credits(['bancontact', 'creditcard', 'paypal', 'applepay', 'paysafecard']), { user: PAID_USER }),
    );
    await renderAt('/credits/1', { user: PAID_USER });
    const list = await screen.findByRole('list', { name: 'Payment methods' });
    const names = within(list)
      .getAllByRole('link')
      .map((a) => a.querySelector('.pay-method-name')?.textContent);
    expect(names).toEqual(['Bancontact', 'Credit card', 'PayPal', 'Apple Pay', 'Paysafecard']);
  });

  it('summarises the chosen package with the active discount', async () => {
    mockFetch(api(credits(undefined, bonus)));
    await renderAt('/credits/2');
    const summary = await screen.findByRole('region', { name: 'Your order' });
    await within(summary).findByText('25% off with code TIMEBONUS25');
    expect(summary.textContent).toContain('100 credits');
    expect(summary.querySelector('.credits-price-now')?.textContent).toBe('€18.71');
    expect(summary.querySelector('del')?.textContent).toBe('List price: €24.95');
  });

  it('says an unknown package is not available, with the way back to the packages', async () => {
    mockFetch(api(credits(), { user: PAID_USER }));
    await renderAt('/credits/99', { user: PAID_USER });
    expect(await screen.findByRole('heading', { name: 'This package is not available' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the packages' }).getAttribute('href')).toBe('/credits');
  });

  it('says a method the country does not offer is not available', async () => {
    mockFetch(api(credits(), { user: PAID_USER }));
    await renderAt('/credits/2/blik', { user: PAID_USER });
    expect(await screen.findByRole('heading', { name: 'This payment method is not available' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the packages' }).getAttribute('href')).toBe('/credits');
  });

  it('treats Apple Pay on a device without it, and a made-up method, as not available', async () => {
    mockFetch(api(credits(), { user: PAID_USER }));
    const { unmount } = await renderAt('/credits/2/applepay', { user: PAID_USER });
    expect(await screen.findByRole('heading', { name: 'This payment method is not available' })).toBeTruthy();
    unmount();
    await renderAt('/credits/2/bitcoin', { user: PAID_USER });
    expect(await screen.findByRole('heading', { name: 'This payment method is not available' })).toBeTruthy();
  });

  it('sends direct debit to its own form', async () => {
    mockFetch(api(credits(), { user: PAID_USER }));
    const { container } = await renderAt('/credits/2/directdebit', { user: PAID_USER });
    await screen.findByText('direct debit form');
    expect(where(container)).toBe('/directdebit?package=2');
  });

  it('sends a visitor to log in, back to this page afterwards', async () => {
    mockFetch(api(credits()));
    const { container } = await renderAt('/credits/2/ideal', { user: null });
    await screen.findByText('login page');
    expect(where(container)).toBe('/login?redirect=%2Fcredits%2F2%2Fideal');
  });
});

describe('pay step', () => {
  it('requires the bank for iDEAL, then pays with bank and discount code and goes to the checkout', async () => {
    const calls = mockFetch(
      api((call) => (call.method === 'POST' ? started() : credits(undefined, bonus)(call))),
    );
    await renderAt('/credits/2/ideal');
    const pay = await screen.findByRole('button', { name: 'Pay €18.71' });
    fireEvent.click(pay);
    expect((await screen.findByRole('alert')).textContent).toBe('Choose your bank to pay with iDEAL.');
    expect(document.activeElement).toBe(screen.getByRole('radio', { name: 'ABN AMRO' }));
    expect(posts(calls)).toHaveLength(0);

    const group = screen.getByRole('group', { name: 'Choose your bank' });
    fireEvent.click(within(group).getByRole('radio', { name: 'ING' }));
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.click(pay);
    await waitFor(() => expect(go).toHaveBeenCalledWith('https://pay.example/checkout/1'));
    // The price and the discount are the server's quote for paying with iDEAL.
    expect(
      calls.filter((c) => c.url.pathname === '/api/credits.php').map((c) => c.url.searchParams.get('method')),
    ).toEqual(['ideal']);
    expect(posts(calls)[0]?.body).toEqual({
      package_id: 2,
      method: 'ideal',
      issuer: 'ideal_INGBNL2A',
      discount_code: 'TIMEBONUS25',
    });
    expect((screen.getByRole('button', { name: 'To the payment page…' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });

  it('pays by another method with just the pay button, and shows the server message when refused', async () => {
    let refuse = true;
    const calls = mockFetch(
      api(
        (call) =>
          call.method === 'POST'
            ? refuse
              ? error(400, 'method_unavailable', 'PayPal is not available at the moment.')
              : started({ method: 'paypal' })
            : credits()(call),
        { user: PAID_USER },
      ),
    );
    await renderAt('/credits/1/paypal', { user: PAID_USER });
    expect(await screen.findByRole('heading', { name: 'Pay with PayPal' })).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Choose your bank' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Pay €14.95' }));
    expect((await screen.findByRole('alert')).textContent).toBe('PayPal is not available at the moment.');
    expect(go).not.toHaveBeenCalled();
    refuse = false;
    fireEvent.click(screen.getByRole('button', { name: 'Pay €14.95' }));
    await waitFor(() => expect(go).toHaveBeenCalled());
    expect(posts(calls)[1]?.body).toEqual({ package_id: 1, method: 'paypal' });
  });

  it('leaves out a code that does not allow the method, and says so', async () => {
    const idealOnly = code('BANK15', 15, { paymentmethods: ['ideal'] });
    setEnteredCode('BANK15');
    const calls = mockFetch(
      api(
        (call) =>
          call.method === 'POST'
            ? started({ method: 'creditcard' })
            : call.url.pathname === '/api/credits.php'
              ? { body: creditsAnswer({ discount: idealOnly, method: askedMethod(call) }) }
              : undefined,
        { user: PAID_USER },
      ),
    );
    await renderAt('/credits/2/creditcard', { user: PAID_USER });
    expect(
      await screen.findByText(
        'Code BANK15 does not apply when you pay with Credit card. Choose another payment method to keep the discount.',
      ),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Pay €24.95' }));
    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(posts(calls)[0]?.body).toEqual({ package_id: 2, method: 'creditcard' });
  });

  it('states the fictional-profile disclosure before the pay button', async () => {
    mockFetch(api(credits(), { user: PAID_USER }));
    await renderAt('/credits/2/paypal', {
      user: PAID_USER,
      settings: { fictional_warning: 'Some profiles are fictional.', fictional_plural: 'fictional profiles' },
    });
    const button = await screen.findByRole('button', { name: /^Pay / });
    const notice = screen.getByRole('complementary', { name: /fictional profiles/ });
    expect(notice.compareDocumentPosition(button) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});
