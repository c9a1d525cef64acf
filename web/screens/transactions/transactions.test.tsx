import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import TransactionScreen from './TransactionScreen';
import TransactionsScreen from './TransactionsScreen';
import { mockApi, payment, renderAt } from './test-support';

afterEach(() => vi.unstubAllGlobals());

const A = '0b6f1f3e-8f3c-4c52-9d59-0a1f2e3d4c5b';
const B = '1c7a2a4f-9a4d-4d63-8e6a-1b2a3c4d5e6f';
const C = '2d8b3b50-0b5e-4e74-9f7b-2c3b4d5e6f70';

const list = () => renderAt('/transactions', { path: '/transactions', element: <TransactionsScreen /> });
const detail = (id: string) =>
  renderAt(`/transactions/${id}`, { path: '/transactions/:id', element: <TransactionScreen /> });

const INVOICE = {
  company: 'Amora Media B.V.',
  address: 'Keizersgracht 1',
  postal_code: '1015 CJ',
  city: 'Amsterdam',
  country: 'NL',
  kvk: '12345678',
  vat_numbers: ['NL001234567B01', 'BE0123456789'],
  refund_days: 14,
};

describe('transactions list', () => {
  it('shows every purchase newest first, with credits, amount, status and a link to its details', async () => {
    mockApi(() => ({
      body: {
        transactions: [
          payment(A, { created_at: '2026-01-05T09:00:00Z', credits: 50, amount: 1499 }),
          payment(B, { created_at: '2026-03-02T09:00:00Z', credits: 250, amount: 4999, status: 'failed' }),
          payment(C, {
            created_at: '2026-02-10T09:00:00Z',
            status: 'pending',
            currency: 'PLN',
            amount: 9900,
          }),
        ],
        refund_days: 14,
      },
    }));
    await list();
    const rows = within(await screen.findByRole('list', { name: 'Purchases' })).getAllByRole('link');
    expect(rows.map((r) => r.getAttribute('href'))).toEqual([
      `/transactions/${B}`,
      `/transactions/${C}`,
      `/transactions/${A}`,
    ]);
    const newest = within(rows[0] as HTMLElement);
    expect(newest.getByText('250 credits')).toBeTruthy();
    expect(newest.getByText('€49.99')).toBeTruthy();
    expect(newest.getByText('Failed')).toBeTruthy();
    expect(newest.getByText(/iDEAL/)).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByText('PLN 99.00')).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByText('Processing')).toBeTruthy();
    expect(within(rows[2] as HTMLElement).getByText('Paid')).toBeTruthy();
    expect(screen.getByText(/Money-back period: 14 days/)).toBeTruthy();
  });

  it('leads to the credit packages when there is no purchase yet', async () => {
    mockApi(() => ({ body: { transactions: [], refund_days: 14 } }));
    await list();
    expect(await screen.findByRole('heading', { name: 'No purchases yet' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View credit packages' }).getAttribute('href')).toBe('/credits');
  });

  it('offers to try again when the list cannot be loaded', async () => {
    mockApi(() => ({ status: 403, body: { error: 'csrf', message: 'no' } }));
    await list();
    expect((await screen.findByRole('alert')).textContent).toContain('could not be loaded');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('sends a visitor to log in first', async () => {
    const calls = mockApi(() => ({ body: {} }));
    await renderAt(
      '/transactions',
      { path: '/transactions', element: <TransactionsScreen /> },
      { user: null },
    );
    expect((await screen.findByTestId('elsewhere')).textContent).toMatch(/^\/login\?.*transactions/);
    expect(calls).toHaveLength(0);
  });
});

describe('transaction details', () => {
  it('shows the purchase, its payment reference, the invoice details and the money-back period', async () => {
    const calls = mockApi(() => ({
      body: {
        transaction: payment(A, {
          issuer: 'ideal_INGBNL2A',
          discount_code: 'TIMEBONUS25',
          discount_percentage: 25,
          amount: 1874,
        }),
        invoice: INVOICE,
      },
    }));
    await detail(A);
    expect(await screen.findByRole('heading', { level: 1, name: 'Purchase details' })).toBeTruthy();
    expect(calls[0]?.url.searchParams.get('id')).toBe(A);
    expect(screen.getByRole('heading', { level: 2, name: '100 credits' })).toBeTruthy();
    expect(screen.getByText('€18.74')).toBeTruthy();
    expect(screen.getByText('25% with code TIMEBONUS25')).toBeTruthy();
    expect(screen.getByText(/ING/)).toBeTruthy();
    expect(screen.getByText(A)).toBeTruthy();

    const invoice = within(screen.getByRole('region', { name: 'Invoice details' }));
    for (const text of [
      'Amora Media B.V.',
      'Keizersgracht 1',
      '1015 CJ',
      'Amsterdam',
      'Netherlands',
      '12345678',
    ])
      expect(invoice.getByText(text)).toBeTruthy();
    expect(invoice.getByText('VAT numbers')).toBeTruthy();
    expect(invoice.getByText('NL001234567B01')).toBeTruthy();
    expect(invoice.getByText('BE0123456789')).toBeTruthy();
    expect(screen.getByText(/Money-back period: 14 days/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Read the return policy' }).getAttribute('href')).toBe(
      '/pages/return-policy',
    );
  });

  it("says another member's purchase (404) cannot be found, with the way back to the list", async () => {
    mockApi(() => ({ status: 404, body: { error: 'not_found', message: 'Not found' } }));
    await detail(B);
    expect(await screen.findByRole('heading', { name: 'This purchase could not be found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to your purchases' }).getAttribute('href')).toBe(
      '/transactions',
    );
  });

  it('treats an id that is no purchase id the same way', async () => {
    mockApi(() => ({ status: 400, body: { error: 'invalid_input', message: 'Invalid' } }));
    await detail('not-an-id');
    expect(await screen.findByRole('heading', { name: 'This purchase could not be found' })).toBeTruthy();
  });
});
