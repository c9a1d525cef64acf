import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CreditsResponse } from '../../../common/api/payments';
import { type Call, mockApi, payment, renderAt } from '../transactions/test-support';
import DirectDebitScreen from './DirectDebitScreen';

afterEach(() => vi.unstubAllGlobals());

const PAYMENT_ID = '3e9c4c61-1c6f-4f85-a08c-3d4c5e6f7081';
const CREDITS: CreditsResponse = {
  country: 'NL',
  currency: 'EUR',
  packages: [
    {
      id: 1,
      credits: 50,
      price: 1499,
      currency: 'EUR',
      discounted_price: null,
      price_per_message: 30,
      popular: false,
      discount: null,
    },
    {
      id: 3,
      credits: 250,
      price: 4999,
      currency: 'EUR',
      discounted_price: null,
      price_per_message: 20,
      popular: true,
      discount: null,
    },
  ],
  methods: ['ideal', 'creditcard', 'paypal', 'directdebit'],
  discount_code: null,
  automatic: null,
  costs: {
    message: { credits: 1, min: 20, max: 30 },
    photo: { credits: 2, min: 40, max: 60 },
    gift: { credits: 5, min: 100, max: 150 },
  },
  last_order: null,
};
const SENT = { code_sent: true, phone_hint: '06 •••• 5678', expires_in: 600 };
const VALID = {
  'Account holder': 'R. de Vries',
  IBAN: 'NL91ABNA0417164300',
  'Street and house number': 'Prinsengracht 263',
  'Postal code': '1016 GV',
  City: 'Amsterdam',
  'Mobile number': '06 12345678',
};

type Reply = { status?: number; body: unknown };
/** The credits of `credits`, and the direct-debit endpoint answered by `debit` (code sent, by default). */
function api(debit: (call: Call) => Reply = () => ({ body: SENT }), credits: CreditsResponse = CREDITS) {
  return mockApi((call) => {
    if (call.url.pathname === '/api/credits.php') return { body: credits };
    if (call.url.pathname === '/api/directdebit.php') return debit(call);
    return { status: 404, body: { error: 'not_found', message: 'no' } };
  });
}
const posts = (calls: Call[]) => calls.filter((c) => c.method === 'POST');
const error = (status: number, code: string, message: string, fields?: Record<string, string>) => ({
  status,
  body: { error: code, message, ...(fields ? { fields } : {}) },
});

const open = (query = '?package=3') =>
  renderAt(`/directdebit${query}`, { path: '/directdebit', element: <DirectDebitScreen /> });

function fill(values: Record<string, string>) {
  for (const [label, value] of Object.entries(values))
    fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

async function sendCode(values: Record<string, string> = VALID) {
  await screen.findByLabelText('Account holder');
  fill(values);
  fireEvent.click(screen.getByRole('button', { name: 'Send code by SMS' }));
}

async function enterCode(code: string) {
  const field = await screen.findByLabelText('6-digit code');
  fireEvent.change(field, { target: { value: code } });
  fireEvent.click(screen.getByRole('button', { name: 'Confirm direct debit' }));
  return field;
}

/** The message shown at a field, tied to it for screen readers. */
const messageOf = (label: string) => {
  const field = screen.getByLabelText(label);
  const id = field
    .getAttribute('aria-describedby')
    ?.split(' ')
    .find((i) => i.endsWith('-error'));
  return id ? document.getElementById(id)?.textContent : undefined;
};

describe('direct debit: the package', () => {
  it('without a package in the link, leads to the credit packages', async () => {
    const calls = api();
    await open('');
    expect(screen.getByRole('heading', { name: 'Choose a package first' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View credit packages' }).getAttribute('href')).toBe('/credits');
    expect(calls).toHaveLength(0);
  });

  it('with a package the credits page does not offer, says so too', async () => {
    api();
    await open('?package=9');
    expect(await screen.findByRole('heading', { name: 'Choose a package first' })).toBeTruthy();
    expect(screen.queryByLabelText('IBAN')).toBeNull();
  });

  it('where direct debit is not offered, leads back to the method choice', async () => {
    api(undefined, { ...CREDITS, methods: ['ideal', 'creditcard'] });
    await open();
    expect(await screen.findByText(/Direct debit is not available in your country/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Choose another payment method' }).getAttribute('href')).toBe(
      '/credits/3',
    );
  });

  it('sums up the package: credits, price and price per message', async () => {
    api();
    await open();
    const order = within(await screen.findByRole('region', { name: 'Your order' }));
    expect(order.getByText('250 credits')).toBeTruthy();
    expect(order.getByText('€49.99')).toBeTruthy();
    expect(order.getByText('€0.20 per message')).toBeTruthy();
    expect(order.getByText('Direct debit')).toBeTruthy();
  });

  it('states the fictional-profile disclosure before the purchase, where the site has one', async () => {
    api();
    await renderAt(
      '/directdebit?package=3',
      { path: '/directdebit', element: <DirectDebitScreen /> },
      {
        settings: { fictional_warning: 'Some profiles are fictional.', fictional_plural: 'Fantasy profiles' },
      },
    );
    expect(await screen.findByText('Some profiles are fictional.')).toBeTruthy();
  });
});

describe('direct debit: the details', () => {
  it('refuses a bad IBAN and a number that is no mobile number, before anything is sent', async () => {
    const calls = api();
    await open();
    await sendCode({ ...VALID, IBAN: 'NL91ABNA0417164301', 'Mobile number': '020 123 4567' });
    await waitFor(() =>
      expect(messageOf('IBAN')).toBe('This IBAN is not valid. Check the number and try again.'),
    );
    expect(messageOf('Mobile number')).toBe('Enter a valid mobile number; we send the code to it by SMS.');
    expect(screen.getByLabelText('IBAN').getAttribute('aria-invalid')).toBe('true');
    expect(posts(calls)).toHaveLength(0);
  });

  it('writes the IBAN in groups of four as it is typed', async () => {
    api();
    await open();
    const iban = (await screen.findByLabelText('IBAN')) as HTMLInputElement;
    fireEvent.change(iban, { target: { value: 'nl91abna0417164300' } });
    expect(iban.value).toBe('NL91 ABNA 0417 1643 00');
  });

  it("shows the server's field errors at their fields", async () => {
    api(() => error(400, 'invalid_input', 'Invalid', { phone: 'Dit nummer kan geen sms ontvangen.' }));
    await open();
    await sendCode();
    await waitFor(() => expect(messageOf('Mobile number')).toBe('Dit nummer kan geen sms ontvangen.'));
    expect(screen.queryByLabelText('6-digit code')).toBeNull();
  });
});

describe('direct debit: the SMS code', () => {
  it('sends the details without a code, then confirms with it and goes to the result page', async () => {
    const calls = api((call) =>
      (call.body as { code?: string }).code
        ? {
            status: 201,
            body: {
              payment: payment(PAYMENT_ID, { method: 'directdebit', status: 'open' }),
              checkout_url: null,
            },
          }
        : { body: SENT },
    );
    await open();
    await sendCode();
    const field = await screen.findByLabelText('6-digit code');
    expect(field.getAttribute('autocomplete')).toBe('one-time-code');
    expect(screen.getByText('We sent the code to 06 •••• 5678. It is valid for 10 minutes.')).toBeTruthy();
    expect(posts(calls)[0]?.body).toEqual({
      package_id: 3,
      account_holder: 'R. de Vries',
      iban: 'NL91 ABNA 0417 1643 00',
      address: 'Prinsengracht 263',
      postal_code: '1016 GV',
      city: 'Amsterdam',
      phone: '06 12345678',
    });

    await enterCode('12345');
    await waitFor(() => expect(messageOf('6-digit code')).toBe('Enter the 6-digit code from the SMS.'));
    expect(posts(calls)).toHaveLength(1);

    await enterCode('123456');
    expect(await screen.findByTestId('elsewhere')).toBeTruthy();
    expect(screen.getByTestId('elsewhere').textContent).toBe(`/credits/3/directdebit?payment=${PAYMENT_ID}`);
    expect(posts(calls)[1]?.body).toMatchObject({ package_id: 3, code: '123456', phone: '06 12345678' });
  });

  it('sends a new code on request', async () => {
    const calls = api();
    await open();
    await sendCode();
    await screen.findByLabelText('6-digit code');
    fireEvent.click(screen.getByRole('button', { name: 'Send a new code' }));
    expect(await screen.findByText('A new code is on its way to 06 •••• 5678.')).toBeTruthy();
    expect(posts(calls)).toHaveLength(2);
    expect(posts(calls)[1]?.body).not.toHaveProperty('code');
  });

  it("shows a wrong code's message at the code field", async () => {
    api((call) =>
      (call.body as { code?: string }).code
        ? error(400, 'sms_code_invalid', 'Code ongeldig')
        : { body: SENT },
    );
    await open();
    await sendCode();
    await enterCode('654321');
    await waitFor(() => expect(messageOf('6-digit code')).toBe('Code ongeldig'));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it.each([
    [403, 'direct_debit_blocked', 'Je rekening is geblokkeerd voor automatische incasso.'],
    [409, 'direct_debit_limit', 'De limiet voor automatische incasso is bereikt.'],
  ])(
    'shows a refusal (%s %s) as an alert, with another method as the way on',
    async (status, code, message) => {
      api((call) => ((call.body as { code?: string }).code ? error(status, code, message) : { body: SENT }));
      await open();
      await sendCode();
      await enterCode('654321');
      const alert = await screen.findByRole('alert');
      expect(alert.textContent).toContain(message);
      expect(
        within(alert).getByRole('link', { name: 'Choose another payment method' }).getAttribute('href'),
      ).toBe('/credits/3');
    },
  );

  it('takes the member back to a detail the server refused when confirming', async () => {
    api((call) =>
      (call.body as { code?: string }).code
        ? error(400, 'invalid_input', 'Invalid', { iban: 'Deze IBAN wordt niet geaccepteerd.' })
        : { body: SENT },
    );
    await open();
    await sendCode();
    await enterCode('654321');
    await waitFor(() => expect(messageOf('IBAN')).toBe('Deze IBAN wordt niet geaccepteerd.'));
    expect(screen.queryByLabelText('6-digit code')).toBeNull();
  });

  it('passes on the discount of the quote for paying by direct debit', async () => {
    const discounted: CreditsResponse = {
      ...CREDITS,
      packages: CREDITS.packages.map((p) => ({
        ...p,
        discounted_price: Math.round(p.price * 0.75),
        discount: { code: 'TIMEBONUS25', value_percentage: 25, source: 'time_bonus' },
      })),
    };
    const calls = api(undefined, discounted);
    await open('?package=3&discount_code=summer10');
    expect(await screen.findByText('25% discount with code TIMEBONUS25')).toBeTruthy();
    expect(screen.getByText('€37.49')).toBeTruthy();
    // The code of the link goes to the quote, which is asked for paying by direct debit.
    expect(calls[0]?.url.searchParams.get('discount_code')).toBe('SUMMER10');
    expect(calls[0]?.url.searchParams.get('method')).toBe('directdebit');
    await sendCode();
    await screen.findByLabelText('6-digit code');
    expect(posts(calls)[0]?.body).toMatchObject({ discount_code: 'TIMEBONUS25' });
  });
});
