import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Payment } from '../../../common/api/payments';
import { setEnteredCode } from '../../state/entered-code';
import { checkout } from './checkout';
import {
  api,
  type Call,
  creditsAnswer,
  error,
  mockFetch,
  PAID_USER,
  payment,
  renderAt,
  USER,
} from './test-support';

const ID = payment().id;
const RETURN = `/credits/2/ideal?payment=${ID}`;
const posts = (calls: Call[]) =>
  calls.filter((c) => c.method === 'POST' && c.url.pathname === '/api/payments.php');

/** The payment endpoint answers `states` one after the other (the last one from then on). */
function payments(
  states: Partial<Payment>[],
  extra: (call: Call) => ReturnType<Parameters<typeof api>[0]> = () => undefined,
) {
  let asked = 0;
  return (call: Call) => {
    if (call.url.pathname === '/api/payments.php' && call.method === 'GET') {
      const state = states[Math.min(asked++, states.length - 1)];
      return { body: { payment: payment(state) } };
    }
    if (call.url.pathname === '/api/payments.php' && call.method === 'POST')
      return {
        status: 201,
        body: {
          payment: payment({ id: 'e1d0c7c4-3f5b-4a39-8c1e-2b7f8a9d0e11' }),
          checkout_url: 'https://pay.example/2',
        },
      };
    if (call.url.pathname === '/api/credits.php') return { body: creditsAnswer() };
    return extra(call);
  };
}
const transactions = (paidCount: number) => (call: Call) =>
  call.url.pathname === '/api/transactions.php'
    ? {
        body: {
          transactions: Array.from({ length: paidCount }, () => payment({ status: 'paid' })),
          refund_days: 14,
        },
      }
    : undefined;

let go: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  setEnteredCode(null);
  go = vi.spyOn(checkout, 'go').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('after the payment provider', () => {
  it('waits while the payment is pending, then shows it completed with the new balance and premium', async () => {
    mockFetch(
      api(
        payments(
          [{ status: 'pending' }, { status: 'paid', paid_at: '2025-01-01T12:01:00Z' }],
          transactions(1),
        ),
        {
          user: { ...USER, paid_user: true, credits: 103 },
        },
      ),
    );
    await renderAt(RETURN, { user: USER });
    const pending = await screen.findByRole('heading', { name: 'Waiting for your payment' });
    expect(document.activeElement).toBe(pending);
    expect(screen.getByText('As soon as the payment is confirmed, your 100 credits are added.')).toBeTruthy();
    expect(screen.getByText('This page updates by itself.')).toBeTruthy();

    const paid = await screen.findByRole('heading', { name: 'Payment completed' }, { timeout: 6000 });
    expect(document.activeElement).toBe(paid);
    expect(screen.getByText('100 credits have been added to your account.')).toBeTruthy();
    expect(await screen.findByText('Your balance: 103 credits')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'You are now a premium member' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to your chats' }).getAttribute('href')).toBe('/chats');
    expect(screen.getByRole('link', { name: 'Search members' }).getAttribute('href')).toBe('/members');
  }, 10_000);

  it('does not announce premium again after a later purchase, and forgets the code just used', async () => {
    setEnteredCode('SUMMER10');
    mockFetch(
      api(payments([{ status: 'paid', discount_code: 'SUMMER10' }], transactions(3)), { user: PAID_USER }),
    );
    await renderAt(RETURN, { user: PAID_USER });
    await screen.findByRole('heading', { name: 'Payment completed' });
    expect(await screen.findByText('Your balance: 40 credits')).toBeTruthy();
    await waitFor(() => expect(window.sessionStorage.getItem('credits.discount_code')).toBeNull());
    // Wait for the transactions, then make sure premium was not announced.
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('heading', { name: 'You are now a premium member' })).toBeNull();
  });

  it.each([
    ['failed', 'Payment failed', 'Your payment did not go through.'],
    ['canceled', 'Payment cancelled', 'You cancelled the payment.'],
    ['expired', 'Payment expired', 'The payment was not completed in time.'],
  ] as const)(
    'shows a %s payment with a retry for the same package, method and bank',
    async (status, title, text) => {
      const calls = mockFetch(api(payments([{ status }]), { user: PAID_USER }));
      await renderAt(RETURN, { user: PAID_USER });
      expect(await screen.findByRole('heading', { name: title })).toBeTruthy();
      expect(screen.getByText(text)).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Pay with PayPal' })).toBeNull();
      fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
      await waitFor(() => expect(go).toHaveBeenCalledWith('https://pay.example/2'));
      expect(posts(calls)[0]?.body).toEqual({ package_id: 2, method: 'ideal', issuer: 'ideal_INGBNL2A' });
    },
  );

  it('offers the card again and PayPal when a repeat charge to a stored card failed', async () => {
    const calls = mockFetch(
      api(payments([{ status: 'failed', recurring: true, method: 'creditcard', issuer: null }]), {
        user: PAID_USER,
      }),
    );
    await renderAt(`/credits/2/creditcard?payment=${ID}`, { user: PAID_USER });
    expect(await screen.findByRole('heading', { name: 'Your card could not be charged' })).toBeTruthy();
    expect(
      screen.getByText(
        'The card of your earlier purchase was declined. Try again with your card, or pay with PayPal instead.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Pay with PayPal' }));
    await waitFor(() => expect(go).toHaveBeenCalled());
    expect(posts(calls)[0]?.body).toEqual({ package_id: 2, method: 'paypal' });
  });

  it('says so when the payment cannot be found, with the way back to the packages', async () => {
    mockFetch(
      api(
        (call) =>
          call.url.pathname === '/api/payments.php'
            ? error(404, 'not_found', 'This payment could not be found.')
            : undefined,
        { user: PAID_USER },
      ),
    );
    await renderAt(RETURN, { user: PAID_USER });
    expect(await screen.findByRole('heading', { name: 'Payment not found' })).toBeTruthy();
    expect(screen.getByText('This payment could not be found.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the packages' }).getAttribute('href')).toBe('/credits');
  });
});
