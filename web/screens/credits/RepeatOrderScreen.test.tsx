import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
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
  where,
} from './test-support';

const repeats = (calls: Call[]) => calls.filter((c) => c.url.pathname === '/api/repeat-order.php');
const lastOrder = { package_id: 2, method: 'creditcard' as const };

let go: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  go = vi.spyOn(checkout, 'go').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('repeat order', () => {
  it('shows the last package and method, and buys it again in one step', async () => {
    const calls = mockFetch(
      api(
        (call) => {
          if (call.url.pathname === '/api/credits.php')
            return { body: creditsAnswer({ last_order: lastOrder }) };
          if (call.url.pathname === '/api/repeat-order.php')
            return {
              status: 201,
              body: { payment: payment({ method: 'creditcard' }), checkout_url: 'https://pay.example/r' },
            };
          return undefined;
        },
        { user: PAID_USER },
      ),
    );
    await renderAt('/credits/repeat-order', { user: PAID_USER });
    expect(await screen.findByText('Paid with Credit card')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Your order' }).textContent).toContain('€24.95');
    fireEvent.click(screen.getByRole('button', { name: 'Buy 100 credits' }));
    await waitFor(() => expect(go).toHaveBeenCalledWith('https://pay.example/r'));
    expect(repeats(calls)).toHaveLength(1);
    expect(repeats(calls)[0]?.body).toEqual({});
  });

  it('shows the state at once when the stored card was charged without a checkout', async () => {
    const charged = payment({ method: 'creditcard', recurring: true, status: 'pending' });
    mockFetch(
      api(
        (call) => {
          if (call.url.pathname === '/api/credits.php')
            return { body: creditsAnswer({ last_order: lastOrder }) };
          if (call.url.pathname === '/api/repeat-order.php')
            return { status: 201, body: { payment: charged, checkout_url: null } };
          if (call.url.pathname === '/api/payments.php') return { body: { payment: charged } };
          return undefined;
        },
        { user: PAID_USER },
      ),
    );
    const { container } = await renderAt('/credits/repeat-order', { user: PAID_USER });
    fireEvent.click(await screen.findByRole('button', { name: 'Buy 100 credits' }));
    expect(await screen.findByRole('heading', { name: 'Waiting for your payment' })).toBeTruthy();
    expect(where(container)).toBe(`/credits/2/creditcard?payment=${charged.id}`);
    expect(go).not.toHaveBeenCalled();
  });

  it('says there is nothing to repeat without an earlier purchase, with a link to the packages', async () => {
    const calls = mockFetch(
      api((call) => (call.url.pathname === '/api/credits.php' ? { body: creditsAnswer() } : undefined), {
        user: PAID_USER,
      }),
    );
    await renderAt('/credits/repeat-order', { user: PAID_USER });
    expect(await screen.findByRole('heading', { name: 'No earlier purchase' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the packages' }).getAttribute('href')).toBe('/credits');
    expect(repeats(calls)).toHaveLength(0);
  });

  it('says so when the server finds no earlier purchase (404)', async () => {
    mockFetch(
      api(
        (call) => {
          if (call.url.pathname === '/api/credits.php')
            return { body: creditsAnswer({ last_order: lastOrder }) };
          if (call.url.pathname === '/api/repeat-order.php')
            return error(404, 'not_found', 'No earlier purchase.');
          return undefined;
        },
        { user: PAID_USER },
      ),
    );
    await renderAt('/credits/repeat-order', { user: PAID_USER });
    fireEvent.click(await screen.findByRole('button', { name: 'Buy 100 credits' }));
    expect(await screen.findByRole('heading', { name: 'No earlier purchase' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the packages' }).getAttribute('href')).toBe('/credits');
    expect(go).not.toHaveBeenCalled();
  });

  it('sends a visitor to log in', async () => {
    mockFetch(api(() => undefined));
    const { container } = await renderAt('/credits/repeat-order', { user: null });
    await screen.findByText('login page');
    expect(where(container)).toBe('/login?redirect=%2Fcredits%2Frepeat-order');
  });
});
