import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { PAYMENT_METHODS, type PaymentMethod } from '../../../common/rules/payment-methods';
import { MollieProvider, mollieAmount, mollieMethod } from './mollie';
import type { CreatePayment } from './provider';

const KEY = 'test_dHar4XY7LxsDOtmnkVtjNVWXLSlXsM';
const MOLLIE_METHODS = [
  'ideal',
  'bancontact',
  'sofort',
  'eps',
  'giropay',
  'przelewy24',
  'blik',
  'creditcard',
  'paypal',
  'applepay',
  'paysafecard',
  'banktransfer',
  'directdebit',
];

type Recorded = { method: string; url: string; headers: IncomingMessage['headers']; body: unknown };
type FakePayment = { id: string; status: string; method: string; body: Record<string, unknown> };

/** Mollie's error shape, as its API answers it. */
function problem(res: ServerResponse, status: number, title: string, detail: string, field?: string) {
  res.writeHead(status, { 'Content-Type': 'application/hal+json' });
  res.end(JSON.stringify({ status, title, detail, field, _links: { documentation: { href: 'x' } } }));
}

/** What the fake refuses with 422, like Mollie does; null when the body is acceptable. */
function invalid(b: Record<string, unknown>): [string, string] | null {
  const amount = b.amount as { currency?: unknown; value?: unknown } | undefined;
  if (typeof amount?.value !== 'string' || !/^\d+\.\d{2}$/.test(amount.value)) return ['amount', 'bad value'];
  if (typeof amount.currency !== 'string' || !/^[A-Z]{3}$/.test(amount.currency))
    return ['amount', 'currency'];
  if (Number(amount.value) > 50_000) return ['amount', 'The amount is higher than the maximum'];
  if (typeof b.description !== 'string' || !b.description) return ['description', 'missing'];
  for (const f of ['redirectUrl', 'webhookUrl']) {
    if (typeof b[f] !== 'string' || !URL.canParse(b[f])) return [f, `The ${f} '${b[f]}' is invalid`];
  }
  if (!MOLLIE_METHODS.includes(b.method as string)) return ['method', 'The payment method is invalid'];
  if (b.method === 'directdebit' && (!b.consumerName || !b.consumerAccount)) {
    return ['consumerAccount', 'The consumer account is required'];
  }
  return null;
}

/** A fake of Mollie's Payments API on loopback, holding payments in memory. */
function fakeMollie() {
  const payments = new Map<string, FakePayment>();
  const requests: Recorded[] = [];
  let seq = 0;
  const answer = (res: ServerResponse, status: number, p: FakePayment) => {
    const checkout = p.status === 'open' ? { href: `https://www.mollie.com/checkout/${p.id}` } : undefined;
    res.writeHead(status, { 'Content-Type': 'application/hal+json' });
    res.end(
      JSON.stringify({
        resource: 'payment',
        id: p.id,
        mode: 'test',
        status: p.status,
        ...p.body,
        _links: { checkout },
      }),
    );
  };
  const server: Server = createServer(async (req, res) => {
    let raw = '';
    for await (const chunk of req) raw += chunk;
    const body = raw ? JSON.parse(raw) : undefined;
    requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
    if (req.url?.startsWith('/hang/')) return; // never answers: the client's timeout must end the wait
    if (req.headers.authorization !== `Bearer ${KEY}`) {
      return problem(res, 401, 'Unauthorized Request', 'Missing authentication, or failed to authenticate');
    }
    if (req.method === 'POST' && req.url === '/v2/payments') {
      const bad = invalid(body);
      if (bad) return problem(res, 422, 'Unprocessable Entity', bad[1], bad[0]);
      seq += 1;
      const p = {
        id: `tr_Fake${seq}`,
        status: body.method === 'directdebit' ? 'pending' : 'open',
        method: body.method,
        body,
      };
      payments.set(p.id, p);
      return answer(res, 201, p);
    }
    const id = req.method === 'GET' && req.url?.match(/^\/v2\/payments\/([^/?]+)$/)?.[1];
    const p = id ? payments.get(id) : undefined;
    if (p) return answer(res, 200, p);
    return problem(res, 404, 'Not Found', `No payment exists with token ${id}.`);
  });
  return {
    server,
    requests,
    setStatus(id: string, status: string) {
      const p = payments.get(id);
      if (!p) throw new Error(`no fake payment ${id}`);
      p.status = status;
    },
  };
}

const fake = fakeMollie();
let apiUrl = '';
const provider = () => new MollieProvider({ apiKey: KEY, apiUrl });

beforeAll(async () => {
  fake.server.listen(0, '127.0.0.1');
  await once(fake.server, 'listening');
  apiUrl = `http://127.0.0.1:${(fake.server.address() as AddressInfo).port}/v2`;
});
afterAll(() => {
  fake.server.closeAllConnections();
  return new Promise((done) => fake.server.close(done));
});
beforeEach(() => {
  fake.requests.length = 0;
});

function payment(over: Partial<CreatePayment> = {}): CreatePayment {
  return {
    reference: '6f1c2a4e-6f3b-4f0e-9a51-6b1d2f0c9e11',
    amountCents: 1995,
    currency: 'EUR',
    description: '100 credits',
    method: 'ideal',
    redirectUrl: 'https://example.test/credits/pending?payment=1',
    webhookUrl: 'https://example.test/api/payments/webhook.php',
    locale: 'nl_NL',
    ...over,
  };
}

describe('MollieProvider.create', () => {
  it('sends an iDEAL payment with its bank and returns the checkout URL', async () => {
    const created = await provider().create(payment({ issuer: 'ideal_INGBNL2A' }));
    expect(created).toEqual({
      id: expect.stringMatching(/^tr_/),
      status: 'open',
      checkoutUrl: `https://www.mollie.com/checkout/${created.id}`,
      // A new payment has nothing charged back.
      chargedBack: false,
    });
    const [sent] = fake.requests;
    expect(sent?.method).toBe('POST');
    expect(sent?.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(sent?.headers['content-type']).toBe('application/json');
    expect(sent?.headers['idempotency-key']).toBe(payment().reference);
    expect(sent?.body).toEqual({
      amount: { currency: 'EUR', value: '19.95' },
      description: '100 credits',
      redirectUrl: 'https://example.test/credits/pending?payment=1',
      webhookUrl: 'https://example.test/api/payments/webhook.php',
      locale: 'nl_NL',
      metadata: { reference: payment().reference },
      method: 'ideal',
      issuer: 'ideal_INGBNL2A',
    });
  });

  it('maps every payment method to a Mollie method, local card schemes to creditcard', async () => {
    const cards: PaymentMethod[] = ['postepay', 'nexi', 'cartebancaire', 'dankort'];
    for (const method of PAYMENT_METHODS) {
      expect(mollieMethod(method)).toBe(cards.includes(method) ? 'creditcard' : method);
      const consumer = { name: 'J. de Vries', iban: 'NL91ABNA0417164300' };
      await provider().create(payment({ method, consumer }));
      expect(fake.requests.at(-1)?.body).toMatchObject({ method: mollieMethod(method) });
    }
    expect(fake.requests).toHaveLength(PAYMENT_METHODS.length);
  });

  it('writes amounts in cents as decimal strings without float error', async () => {
    const cases: [number, string][] = [
      [1, '0.01'],
      [10, '0.10'],
      [1995, '19.95'],
      [100000, '1000.00'],
    ];
    for (const [cents, value] of cases) {
      expect(mollieAmount(cents)).toBe(value);
      await provider().create(payment({ amountCents: cents, currency: 'PLN' }));
      expect(fake.requests.at(-1)?.body).toMatchObject({ amount: { currency: 'PLN', value } });
    }
    expect(mollieAmount(29)).toBe('0.29'); // 0.29 * 100 is 28.999… in floating point
    expect(() => mollieAmount(19.5)).toThrow();
    expect(() => mollieAmount(-1)).toThrow();
  });

  it('passes a locale Mollie knows and omits one it does not', async () => {
    await provider().create(payment({ locale: 'da_DK' }));
    expect(fake.requests.at(-1)?.body).toMatchObject({ locale: 'da_DK' });
    for (const locale of ['nl', 'xx_XX', '']) {
      await provider().create(payment({ locale }));
      expect(fake.requests.at(-1)?.body).not.toHaveProperty('locale');
    }
  });

  it('sends the account of a direct debit, which has no checkout page', async () => {
    const consumer = { name: 'J. de Vries', iban: 'NL91ABNA0417164300' };
    const created = await provider().create(payment({ method: 'directdebit', consumer, issuer: 'x' }));
    expect(created).toMatchObject({ status: 'pending', checkoutUrl: null });
    const body = fake.requests.at(-1)?.body;
    expect(body).toMatchObject({ consumerName: 'J. de Vries', consumerAccount: 'NL91ABNA0417164300' });
    expect(body).not.toHaveProperty('issuer');
  });
});

describe('MollieProvider.get', () => {
  it('maps every Mollie status, and an unknown one to pending rather than paid', async () => {
    const { id } = await provider().create(payment());
    const cases: [string, string][] = [
      ['open', 'open'],
      ['pending', 'pending'],
      ['authorized', 'pending'],
      ['paid', 'paid'],
      ['failed', 'failed'],
      ['canceled', 'canceled'],
      ['expired', 'expired'],
      ['settled', 'pending'],
      ['toString', 'pending'],
    ];
    for (const [mollie, ours] of cases) {
      fake.setStatus(id, mollie);
      expect((await provider().get(id)).status).toBe(ours);
    }
    expect(fake.requests.at(-1)).toMatchObject({ method: 'GET', url: `/v2/payments/${id}` });
  });

  it('refuses an id that is not a Mollie payment id without a request', async () => {
    const spy = vi.fn(fetch);
    const mollie = new MollieProvider({ apiKey: KEY, apiUrl, fetch: spy });
    for (const id of ['', 'tr_', '../methods', 'tr_abc/../../x', 'tr_abc?x=1', 'ord_abc', 'tr_a%2F']) {
      await expect(mollie.get(id)).rejects.toThrow('Invalid Mollie payment id');
    }
    expect(spy).not.toHaveBeenCalled();
    expect(fake.requests).toHaveLength(0);
  });
});

describe('MollieProvider errors', () => {
  const keyless = (err: unknown) => {
    expect(err).toBeInstanceOf(Error);
    expect((err as Error).message).not.toContain(KEY);
    return (err as Error).message;
  };

  it('names the status and Mollie’s detail of a 422, never the key', async () => {
    const err = await provider()
      .create(payment({ amountCents: 6_000_000 }))
      .catch((e: unknown) => e);
    expect(keyless(err)).toMatch(/HTTP 422: The amount is higher than the maximum \(field amount\)/);
  });

  it('redacts the key when Mollie echoes it in a detail', async () => {
    const err = await provider()
      .create(payment({ redirectUrl: `not a url ${KEY}` }))
      .catch((e: unknown) => e);
    expect(keyless(err)).toContain("HTTP 422: The redirectUrl 'not a url [redacted]' is invalid");
  });

  it('reports a refused key and a missing payment with their status', async () => {
    const wrong = new MollieProvider({ apiKey: 'test_wrongwrongwrong', apiUrl });
    expect(keyless(await wrong.create(payment()).catch((e: unknown) => e))).toMatch(/HTTP 401: Missing auth/);
    expect(
      keyless(
        await provider()
          .get('tr_Missing')
          .catch((e: unknown) => e),
      ),
    ).toMatch(/HTTP 404/);
  });

  it('reports a network failure and a timeout without the key', async () => {
    const gone = createServer().listen(0, '127.0.0.1');
    await once(gone, 'listening');
    const { port } = gone.address() as AddressInfo;
    await new Promise((done) => gone.close(done));
    const closed = new MollieProvider({ apiKey: KEY, apiUrl: `http://127.0.0.1:${port}/v2` });
    expect(keyless(await closed.get('tr_abc').catch((e: unknown) => e))).toMatch(
      /^Mollie GET .* failed: .*ECONNREFUSED/,
    );
    const slow = new MollieProvider({ apiKey: KEY, apiUrl: apiUrl.replace('/v2', '/hang'), timeoutMs: 100 });
    expect(keyless(await slow.get('tr_abc').catch((e: unknown) => e))).toMatch(/abort|timeout/i);
  });
});
